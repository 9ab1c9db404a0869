import { Injectable, type OnModuleInit } from '@nestjs/common';
import { addDays } from '@fxrates/rates';
import { DirectRoutes } from '../../common/direct-routes';
import type { HttpAnswer } from '../../common/problem-reply';
import { AnswerCache, PairHistory } from '../history';
import { ConverterAccess } from './converter-access';
import { onlyParameters, requiredCurrency } from './query-params';

export const PAIR_HISTORY_PATH = '/api/rates/history';
/** The converter's sparkline: the last 30 days. */
export const PAIR_HISTORY_DAYS = 30;
/** Closes change once a day: five minutes keeps the database out of the converter's way. */
const ANSWER_TTL_MS = 5 * 60_000;

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
    this.direct.get(PAIR_HISTORY_PATH, async (request): Promise<HttpAnswer> => {
      await new Promise<void>((resolve, reject) => this.access.admit(request, resolve, reject));
      const { query } = request;
      // What the landing page asks for, nothing more: a pair, over the last 30 days chosen here. Any
      // other parameter (a range, a base with symbols) is refused, so the anonymous session is no
      // free time-series API (a Professional feature of /api/v1).
      onlyParameters(query, ['from', 'to']);
      const from = requiredCurrency(query, 'from');
      const to = requiredCurrency(query, 'to');
      const now = Date.now();
      const end = new Date(now).toISOString().slice(0, 10);
      const start = addDays(end, -(PAIR_HISTORY_DAYS - 1));
      const body = await this.answers.get(`${from}|${to}|${end}`, now, async () =>
        JSON.stringify(await this.history.closes(from, to, start, end)),
      );
      return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
    });
  }
}
