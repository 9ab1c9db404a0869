import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from '../../common/problem-reply';
import { AccessTokensService } from '../auth/access-tokens.service';
import { SessionsService } from '../auth/sessions.service';
import { parseConvertQuery } from './convert-query';
import { RatesService } from './rates.service';

export const CONVERT_PATH = '/api/rates/convert';

function bearerToken(authorization: string): string {
  const [scheme, token] = authorization.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : '';
}

/**
 * GET /api/rates/convert, the landing converter's hot path, mounted on Fastify itself. Nest's
 * per-request pipeline (guards, pipes, interceptors, response mapping) halves this route's
 * throughput (`npm run bench`), so it checks the session and the query here, in the same order and
 * with the same problem+json errors. Fastify's hooks (request id, CORS, access log) still apply;
 * the OpenAPI entry is in convert.openapi.ts.
 */
@Injectable()
export class ConvertRoute implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly sessions: SessionsService,
    private readonly accessTokens: AccessTokensService,
    private readonly rates: RatesService,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get(CONVERT_PATH, (request, reply) => this.handle(request, reply));
  }

  /** A signed-in user's Bearer token admits the request; otherwise the anonymous session must. */
  private handle(request: FastifyRequest, reply: FastifyReply): void {
    const authorization = request.headers.authorization;
    const header = request.headers['x-session-token'];
    try {
      if (authorization !== undefined) {
        this.accessTokens.verify(bearerToken(authorization));
        return this.answer(request, reply);
      }
      const pending = this.sessions.verify(Array.isArray(header) ? header[0] : header);
      if (pending) {
        pending.then(
          () => this.answer(request, reply),
          (error: unknown) => sendProblem(error, request, reply),
        );
        return;
      }
      this.answer(request, reply);
    } catch (error) {
      sendProblem(error, request, reply);
    }
  }

  private answer(request: FastifyRequest, reply: FastifyReply): void {
    try {
      const { from, to, amount } = parseConvertQuery(request.query as Record<string, unknown>);
      void reply
        .header('content-type', 'application/json; charset=utf-8')
        .send(this.rates.convertToJson(from, to, amount));
    } catch (error) {
      sendProblem(error, request, reply);
    }
  }
}
