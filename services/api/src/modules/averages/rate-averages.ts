import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ErrorCode } from '@fxrates/domain';
import { FixingsRepository } from '@fxrates/db';
import { displayCrossRate } from '@fxrates/rates';
import { AppException } from '../../common/errors';
import { noClosesBetween, RateHistory } from '../history';
import { CLOSE_BASIS, type AverageQuery } from './average-query';
import { periodsBetween } from './calendar-periods';
import { inPrecedence, PeriodAverages, type PeriodAverage } from './period-averages';

/** What an average answers: each period's, and every source of the days counted. */
export interface Averages {
  periods: PeriodAverage[];
  sources: string[];
}

const yearOf = (day: string) => Number(day.slice(0, 4));
const defined = <T>(value: T | undefined): value is T => value !== undefined;

/**
 * Period averages of daily rates (symbol per base, each day's as every answer displays it): on the
 * `close` basis, the days on which the base and the symbol both have a close of their own in the
 * history (a weekend or holiday carried forward is not a day of its own, so it is never counted
 * twice); on a cut's basis, the days with a fixing of that cut holding both. A period without such a
 * day says `days: 0`; a range without a single one is a 404, as a time series' is.
 */
@Injectable()
export class RateAverages {
  /** The fixing cuts (FIXING_CUTS) a `basis` may name. */
  readonly cuts: readonly string[];

  constructor(
    private readonly history: RateHistory,
    private readonly fixings: FixingsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cuts = config.fixings.cuts.map(({ name }) => name);
  }

  /** 400 `unknown-cut` unless `basis` is `close` or a cut, naming the cuts. */
  assertBasis(basis: string): void {
    if (basis === CLOSE_BASIS || this.cuts.includes(basis)) return;
    throw new AppException(
      ErrorCode.UnknownCut,
      `"basis" must be "${CLOSE_BASIS}" or a fixing cut (${this.cuts.join(', ')}); "${basis}" is neither.`,
    );
  }

  async of(query: AverageQuery): Promise<Averages> {
    this.assertBasis(query.basis);
    const averages = new PeriodAverages(
      periodsBetween(query.period, query.start, query.end),
      query.symbols,
      query.days,
    );
    if (query.basis === CLOSE_BASIS) await this.addCloses(query, averages);
    else await this.addFixings(query, averages);
    return { periods: averages.result(), sources: averages.sources };
  }

  /**
   * Each symbol's days with a close of its own and one of the base's (USD: every day), from the
   * history's in-process years; a range in which none has one is 404 `history-unavailable`.
   */
  private async addCloses(
    { start, end, base, symbols }: AverageQuery,
    averages: PeriodAverages,
  ): Promise<void> {
    const codes = [...new Set([base, ...symbols])];
    const held = new Set<string>();
    // The sources of a day, one list per pair of sources (few), not one per day.
    const sourcesOf = new Map<string, readonly string[]>();
    for (let year = yearOf(start); year <= yearOf(end); year++) {
      const data = await this.history.store.year(year, codes);
      const first = data.from(start);
      let stop = data.from(end);
      if (data.days[stop] === end) stop++;
      for (const code of codes) if (data.hasAny(code, first, stop)) held.add(code);
      for (const code of symbols) {
        const column = this.history.store.column(data, base, code);
        if (!column.hasAny(first, stop)) continue;
        for (let i = first; i < stop; i++) {
          const rate = column.at(i);
          if (rate === null) continue;
          const baseSource = data.sourceOf(base, i);
          const codeSource = data.sourceOf(code, i);
          const pair = `${baseSource}|${codeSource}`;
          let sources = sourcesOf.get(pair);
          if (!sources)
            sourcesOf.set(pair, (sources = inPrecedence([baseSource, codeSource].filter(defined))));
          averages.add(code, { day: data.days[i], rate, sources });
        }
      }
    }
    if (!averages.empty) return;
    const ranges = await this.history.heldRanges();
    const without = codes
      .filter((code) => code !== 'USD' && !held.has(code))
      .map((code) => ({ code, range: ranges.get(code) ?? null }));
    throw noClosesBetween(start, end, without, await this.history.range());
  }

  /**
   * Each symbol's rate in each of the cut's fixings from start to end that holds it and the base (by
   * the fixing's day); a range in which none does is 404 `history-unavailable`.
   */
  private async addFixings(
    { start, end, base, symbols, basis: cut }: AverageQuery,
    averages: PeriodAverages,
  ): Promise<void> {
    const rows = await this.fixings.ratesBetween(cut, start, end);
    const perUsd = (rates: Record<string, string>, code: string) =>
      code === 'USD' ? (rates.USD ?? '1') : rates[code];
    for (const { id, day, rates, provenance } of rows) {
      const from = perUsd(rates, base);
      if (from === undefined) continue;
      for (const code of symbols) {
        const to = perUsd(rates, code);
        if (to === undefined) continue;
        const sources = inPrecedence([provenance[base]?.source, provenance[code]?.source].filter(defined));
        averages.add(code, { day, rate: displayCrossRate(to, from), sources, fixing: id });
      }
    }
    if (!averages.empty) return;
    throw new AppException(
      ErrorCode.HistoryUnavailable,
      rows.length === 0
        ? `No ${cut} fixing is stored from ${start} to ${end}.`
        : `No ${cut} fixing from ${start} to ${end} holds a rate of ${[base, ...symbols].filter((code) => code !== 'USD').join(' and of ')}.`,
    );
  }
}
