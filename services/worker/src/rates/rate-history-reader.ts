import { Injectable } from '@nestjs/common';
import { RateHistoryRepository, type NewestObservedRow } from '@fxrates/db';
import { RateDecimal, REFERENCE_MAX_AGE_MS, type GoodValue, type ProviderId } from '@fxrates/rates';

/** How far back a provider's recorded values are taken as its last good ones after Redis lost them. */
const RESTORE_WINDOW_DAYS = 31;
const DAY_MS = 86_400_000;

/**
 * What the ingestion reads back from `rate_history`, which lives in PostgreSQL and so outlasts a
 * Redis that lost its keys (a FLUSHDB, a failover without persistence). Only rows the ingestion
 * wrote count (they carry `observed_at`); seeded or backfilled closes without it do not.
 */
@Injectable()
export class RateHistoryReader {
  constructor(private readonly repository: RateHistoryRepository) {}

  /**
   * The newest value of each currency from any source within the longest reference age: what an
   * incoming value is judged against when Redis holds no last good one, so a wild first value after
   * such a loss is not believed for want of anything to compare it with.
   */
  async newest(currencies: readonly string[], now = Date.now()): Promise<Map<string, GoodValue>> {
    if (currencies.length === 0) return new Map();
    const since = new Date(now - Math.max(...Object.values(REFERENCE_MAX_AGE_MS)));
    return goodValues(await this.repository.newestObserved(currencies, since.toISOString().slice(0, 10)));
  }

  /** The newest value `source` recorded for each currency in the last month: its last good values. */
  async lastGoodOf(source: ProviderId, now = Date.now()): Promise<Map<string, GoodValue>> {
    const since = new Date(now - RESTORE_WINDOW_DAYS * DAY_MS);
    return goodValues(await this.repository.newestObservedOf(source, since.toISOString().slice(0, 10)));
  }
}

/** Each currency's recorded value as the ingestion holds its last good one. */
function goodValues(rows: readonly NewestObservedRow[]): Map<string, GoodValue> {
  return new Map(
    rows.map((row) => [
      row.currency,
      {
        perUsd: new RateDecimal(row.rate),
        observedAt: new Date(row.observed_at).toISOString(),
        day: row.day,
      },
    ]),
  );
}
