import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DirectRoutes, type DirectRequest, type LaterAnswer } from '../../common/direct-routes';
import type { HttpAnswer } from '../../common/problem-reply';
import { ConverterAccess } from './converter-access';
import { parseConvertQuery } from './convert-query';
import { RatesService } from './rates.service';

export const CONVERT_PATH = '/api/rates/convert';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' } as const;

/**
 * GET /api/rates/convert, the landing converter's hot path, served by DirectRoutes (before Fastify
 * when no CORS is involved). Nest's per-request pipeline (guards, pipes,
 * interceptors, response mapping) halves this route's throughput (`npm run bench`), so it checks
 * the session, its limits (ConverterAccess) and the query here, in that order, with the same
 * problem+json errors. The OpenAPI entry is in convert.openapi.ts.
 */
@Injectable()
export class ConvertRoute implements OnModuleInit {
  constructor(
    private readonly direct: DirectRoutes,
    private readonly access: ConverterAccess,
    private readonly rates: RatesService,
  ) {}

  onModuleInit(): void {
    this.direct.get(CONVERT_PATH, (request) => this.answer(request));
  }

  /** A signed-in user's Bearer token admits the request; otherwise the anonymous session must. */
  answer(request: DirectRequest): LaterAnswer {
    return (send, fail) =>
      this.access.admit(
        request,
        () => {
          try {
            send(this.convert(request.query));
          } catch (error) {
            fail(error);
          }
        },
        fail,
      );
  }

  private convert(query: Record<string, unknown>): HttpAnswer {
    const { from, to, amount, numbers } = parseConvertQuery(query);
    return {
      status: 200,
      headers: { ...JSON_HEADERS },
      body: this.rates.convertToJson(from, to, amount, numbers),
    };
  }
}
