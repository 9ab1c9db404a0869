import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Type } from '@sinclair/typebox';
import { ErrorCode } from '@fxrates/domain';
import { DirectRoutes, type DirectRequest, type LaterAnswer, type HttpAnswer } from '../../common/http';
import type { DocumentedRoute } from '../../common/openapi';
import { ConverterAccess } from './converter-access';
import { converterRouteSchema } from './converter-access.openapi';
import { ConverterConversion, ConverterConversionExact } from './convert-response.schema';
import {
  parseConvertQuery,
  AmountParameter,
  CurrencyParameter,
  MetalUnitParameter,
  NumbersParameter,
} from '../../common/input';
import { LandingConverterService } from './landing-converter.service';

export const CONVERT_PATH = '/api/rates/convert';

/** The route and its schema, from which its OpenAPI operation is generated. */
export const CONVERT_ROUTE: DocumentedRoute = {
  path: CONVERT_PATH,
  schema: converterRouteSchema({
    operationId: 'getConverterConversion',
    summary: 'Convert an amount for the landing-page converter',
    description:
      'The converter of the landing page, for an anonymous session (X-Session-Token) or a signed-in user ' +
      '(Bearer). Not metered against any API key; limited per session and per IP to what a person types.',
    // What parseConvertQuery reads.
    query: Type.Object({
      from: CurrencyParameter('Currency to convert from', 'USD'),
      to: CurrencyParameter('Currency to convert to', 'EUR'),
      amount: AmountParameter,
      numbers: Type.Optional(NumbersParameter),
      unit: Type.Optional(MetalUnitParameter),
    }),
    ok: {
      description: 'The conversion: ConverterConversion, or ConverterConversionExact with `numbers=string`',
      body: Type.Union([ConverterConversion, ConverterConversionExact]),
      headers: [],
    },
    problems: [
      ErrorCode.MissingParameter,
      ErrorCode.UnknownCurrency,
      ErrorCode.InvalidAmount,
      ErrorCode.AmountTooLarge,
      ErrorCode.InvalidUnit,
      ErrorCode.UnitWithoutMetal,
      ErrorCode.RateUnavailable,
    ],
  }),
};

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' } as const;

/**
 * GET /api/rates/convert, the landing converter's hot path, served by DirectRoutes (before Fastify
 * when no CORS is involved). Nest's per-request pipeline (guards, pipes,
 * interceptors, response mapping) halves this route's throughput (`npm run bench`), so it checks
 * the session, its limits (ConverterAccess) and the query here, in that order, with the same
 * problem+json errors.
 */
@Injectable()
export class ConvertRoute implements OnModuleInit {
  constructor(
    private readonly direct: DirectRoutes,
    private readonly access: ConverterAccess,
    private readonly converter: LandingConverterService,
  ) {}

  onModuleInit(): void {
    this.direct.get(CONVERT_ROUTE.path, (request) => this.answer(request));
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
    const { from, to, amount, numbers, unit } = parseConvertQuery(query);
    return {
      status: 200,
      headers: { ...JSON_HEADERS },
      body: this.converter.convertToJson(from, to, amount, numbers, unit),
    };
  }
}
