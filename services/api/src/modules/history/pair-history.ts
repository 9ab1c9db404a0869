import { Injectable } from '@nestjs/common';
import { RateHistoryRepository, type PreferredCloseRow } from '@fxrates/db';
import { displayRate, RateDecimal } from '@fxrates/rates';
import { HISTORY_SOURCES } from './rate-history';

export interface PairPoint {
  day: string;
  /** Units of `to` per 1 `from` that day, 10 significant digits. */
  rate: number;
}

export interface PairHistoryAnswer {
  from: string;
  to: string;
  start: string;
  end: string;
  /** The sources of the closes used, comma-separated. */
  source: string;
  points: PairPoint[];
}

/**
 * Daily closes of one pair from `rate_history`, crossed through USD. Each currency's close of a day
 * comes from the most preferred source that has one (HISTORY_PRECEDENCE, as the public API's); days
 * on which either side has no close are left out, never filled in.
 */
@Injectable()
export class PairHistory {
  constructor(private readonly repository: RateHistoryRepository) {}

  async closes(from: string, to: string, start: string, end: string): Promise<PairHistoryAnswer> {
    const codes = [from, to].filter((code) => code !== 'USD');
    const rows = await this.repository.preferredCloses(codes, start, end, HISTORY_SOURCES);
    const days = new Map<string, Map<string, PreferredCloseRow>>();
    for (const row of rows) {
      if (!days.has(row.day)) days.set(row.day, new Map());
      days.get(row.day)!.set(row.currency, row);
    }
    const sources = new Set<string>();
    const points: PairPoint[] = [];
    const one = { rate: '1', source: '' };
    for (const [day, closes] of [...days].sort(([a], [b]) => a.localeCompare(b))) {
      const fromClose = from === 'USD' ? one : closes.get(from);
      const toClose = to === 'USD' ? one : closes.get(to);
      if (!fromClose || !toClose) continue;
      for (const source of [fromClose.source, toClose.source]) if (source) sources.add(source);
      const rate = new RateDecimal(toClose.rate).dividedBy(fromClose.rate);
      points.push({ day, rate: displayRate(rate).toNumber() });
    }
    return { from, to, start, end, source: [...sources].join(','), points };
  }
}
