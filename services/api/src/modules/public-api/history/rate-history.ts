import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { RateDecimal } from '@fxrates/rates';

/** The source whose daily closes the history endpoints answer with. */
export const HISTORY_SOURCE = 'ecb';
/** A close older than this is not carried forward: that is a gap in the data, not a weekend. */
const CARRY_FORWARD_DAYS = 7;

/** One day's close: units of each currency per 1 USD. */
export interface DailyClose {
  day: string;
  perUsd: Map<string, RateDecimal>;
}

interface Row {
  day: string;
  currency: string;
  rate: string;
}

function byDay(rows: Row[]): DailyClose[] {
  const days = new Map<string, DailyClose>();
  for (const { day, currency, rate } of rows) {
    let close = days.get(day);
    if (!close) days.set(day, (close = { day, perUsd: new Map() }));
    close.perUsd.set(currency, new RateDecimal(rate));
  }
  return [...days.values()];
}

/** Reads rate_history (filled by `npm run rates:backfill` and the worker's ingest). */
@Injectable()
export class RateHistory {
  constructor(private readonly em: EntityManager) {}

  /** The last close on or before `day`, within a week (weekends and holidays carry forward). */
  async closeOn(day: string): Promise<DailyClose | null> {
    const rows: Row[] = await this.em.getConnection().execute(
      `select to_char(day, 'YYYY-MM-DD') as day, currency, rate_vs_usd::text as rate
         from rate_history
        where source = ? and day = (
                select max(day) from rate_history
                 where source = ? and day <= ?::date and day > ?::date - ${CARRY_FORWARD_DAYS})`,
      [HISTORY_SOURCE, HISTORY_SOURCE, day, day],
    );
    return byDay(rows)[0] ?? null;
  }

  /** Every close from `start` to `end`, oldest first: business days only, nothing filled in. */
  async closes(start: string, end: string, codes: readonly string[]): Promise<DailyClose[]> {
    const rows: Row[] = await this.em.getConnection().execute(
      `select to_char(day, 'YYYY-MM-DD') as day, currency, rate_vs_usd::text as rate
         from rate_history
        where source = ? and day between ?::date and ?::date
          ${codes.length ? 'and currency in (?)' : ''}
        order by day`,
      [HISTORY_SOURCE, start, end, ...(codes.length ? [codes] : [])],
    );
    return byDay(rows);
  }

  /** The first and last day with data, or null when nothing has been imported. */
  async range(): Promise<{ first: string; last: string } | null> {
    const [row]: { first: string | null; last: string | null }[] = await this.em.getConnection().execute(
      `select to_char(min(day), 'YYYY-MM-DD') as first, to_char(max(day), 'YYYY-MM-DD') as last
         from rate_history where source = ?`,
      [HISTORY_SOURCE],
    );
    return row?.first && row.last ? { first: row.first, last: row.last } : null;
  }
}
