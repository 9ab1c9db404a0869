import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Type, type Static } from '@sinclair/typebox';
import { ErrorCode } from '@fxrates/domain';
import { addDays } from '@fxrates/rates';
import { DirectRoutes, type HttpAnswer } from '../../common/http';
import { compileWriter, parameterNames, type DocumentedRoute } from '../../common/openapi';
import { AnswerCache, PairHistory } from '../history';
import { ConverterAccess } from './converter-access';
import { converterRouteSchema } from './converter-access.openapi';
import { onlyParameters, requiredCurrency, CurrencyCode, CurrencyParameter, Day } from '../../common/input';

export const PAIR_HISTORY_PATH = '/api/rates/history';
/** The converter's sparkline: the last 30 days. */
export const PAIR_HISTORY_DAYS = 30;
/** Closes change once a day: five minutes keeps the database out of the converter's way. */
const ANSWER_TTL_MS = 5 * 60_000;

const QUERY = Type.Object({
  from: CurrencyParameter('Currency of the pair to convert from', 'USD'),
  to: CurrencyParameter('Currency of the pair to convert to', 'EUR'),
});
const PARAMETERS = parameterNames(QUERY);

const PairCloses = Type.Object(
  {
    from: CurrencyCode('USD'),
    to: CurrencyCode('EUR'),
    start: Day(),
    end: Day(),
    source: Type.String({ example: 'ecb', description: 'Sources of the closes used' }),
    points: Type.Array(
      Type.Object(
        { day: Day(), rate: Type.Number({ example: 0.8620689655 }) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
/** The sparkline's answer, written from the schema its operation shows. */
export const pairHistoryWriter = compileWriter(PairCloses);

/** The route and its schema, from which its OpenAPI operation is generated. */
export const PAIR_HISTORY_ROUTE: DocumentedRoute = {
  path: PAIR_HISTORY_PATH,
  schema: converterRouteSchema({
    operationId: 'getConverterHistory',
    summary: `Daily closes of a pair over the last ${PAIR_HISTORY_DAYS} days, for the converter's sparkline`,
    description:
      'The ECB closes of the pair on each business day of the last ' +
      `${PAIR_HISTORY_DAYS} days (UTC), for an anonymous session (X-Session-Token) or a signed-in user (Bearer).`,
    query: QUERY,
    ok: {
      description: 'Business days only; a day without a close of either currency is left out',
      body: PairCloses,
      headers: [],
    },
    problems: [ErrorCode.MissingParameter, ErrorCode.UnknownCurrency],
  }),
};

/**
 * GET /api/rates/history?from&to: the pair's daily closes of the last 30 days, for the converter's
 * sparkline; admitted and counted like the converter itself (ConverterAccess).
 */
@Injectable()
export class PairHistoryRoute implements OnModuleInit {
  private readonly answers = new AnswerCache(ANSWER_TTL_MS, 2_000);

  constructor(
    private readonly direct: DirectRoutes,
    private readonly access: ConverterAccess,
    private readonly history: PairHistory,
  ) {}

  onModuleInit(): void {
    this.direct.get(PAIR_HISTORY_ROUTE.path, async (request): Promise<HttpAnswer> => {
      await new Promise<void>((resolve, reject) => this.access.admit(request, resolve, reject));
      const { query } = request;
      // What the landing page asks for, nothing more: a pair, over the last 30 days chosen here. Any
      // other parameter (a range, a base with symbols) is refused, so the anonymous session is no
      // free time-series API (a Professional feature of /api/v1).
      onlyParameters(query, PARAMETERS);
      const from = requiredCurrency(query, 'from');
      const to = requiredCurrency(query, 'to');
      const now = Date.now();
      const end = new Date(now).toISOString().slice(0, 10);
      const start = addDays(end, -(PAIR_HISTORY_DAYS - 1));
      const body = await this.answers.get(`${from}|${to}|${end}`, now, async () =>
        pairHistoryWriter.write(
          (await this.history.closes(from, to, start, end)) satisfies Static<typeof PairCloses>,
        ),
      );
      return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
    });
  }
}
