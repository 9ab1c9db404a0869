import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { GoodValue, ProviderId } from '@fxrates/rates';

/**
 * Writes accepted values to `rate_history`: one row per source, day and currency holding the newest
 * value of that day (the latest intraday value, and once the day is over its close). A value older
 * than the row's never replaces it.
 */
@Injectable()
export class RateHistoryWriter {
  constructor(private readonly em: EntityManager) {}

  async write(source: ProviderId, values: ReadonlyMap<string, GoodValue>): Promise<void> {
    if (values.size === 0) return;
    const rows = [...values].map(([currency, v]) => ({
      day: v.day,
      currency,
      rate: v.perUsd.toString(),
      observed_at: v.observedAt,
    }));
    await this.em.getConnection().execute(
      `insert into rate_history (source, day, currency, rate_vs_usd, observed_at)
         select ?, r.day, r.currency, r.rate, r.observed_at
           from jsonb_to_recordset(?::jsonb) as r(day date, currency varchar, rate numeric, observed_at timestamptz)
      on conflict (source, day, currency) do update
            set rate_vs_usd = excluded.rate_vs_usd, observed_at = excluded.observed_at, recorded_at = now()
          where rate_history.observed_at is null or rate_history.observed_at <= excluded.observed_at`,
      [source, JSON.stringify(rows)],
    );
  }
}
