import { closeTimestamp, ratesJson, symbolsFor } from '../history/history-json';
import { AnswerCache } from '../history/answer-cache';
import { assertHistoryCovers, parsePeriodQuery } from '../history/history-query';
import { HISTORY_SOURCE, type RateHistory } from '../history/rate-history';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../public-route';

/**
 * GET /api/v1/rates/timeseries?start&end&base&symbols: every close from start to end (at most 366
 * days), one metered call. Only business days appear: nothing is filled in.
 */
/** A minute: long enough for repeated chart queries, short enough for an imported correction. */
const ANSWER_TTL_MS = 60_000;

export function timeseriesRoute(history: RateHistory): PublicRoute {
  const answers = new AnswerCache(ANSWER_TTL_MS, 1_000);
  return {
    path: `${PUBLIC_API_PREFIX}/rates/timeseries`,
    endpoint: 'timeseries',
    metered: true,
    async handle({ query, key, now }) {
      const { start, end, base, symbols: requested } = parsePeriodQuery(query, key.plan, now);
      // Without symbols the answer is what the plan includes, so the plan is part of the key.
      const cacheKey = `${start}|${end}|${base}|${requested?.join(',') ?? `*${key.plan}`}`;
      return answers.get(cacheKey, now, async () => {
        await assertHistoryCovers(history, end);
        const codes = requested ? [base, ...requested].filter((code) => code !== 'USD') : [];
        const closes = await history.closes(start, end, codes);
        const days = closes.map((close) => {
          const symbols = symbolsFor(close, base, requested, key.plan);
          return `"${close.day}":{${ratesJson(close, base, symbols)}}`;
        });
        const last = closes.at(-1);
        const timestamp = last ? `"timestamp":"${closeTimestamp(last.day)}",` : '';
        return (
          `{"base":"${base}","start":"${start}","end":"${end}",${timestamp}"source":"${HISTORY_SOURCE}",` +
          `"stale":false,"rates":{${days.join(',')}}}`
        );
      });
    },
  };
}
