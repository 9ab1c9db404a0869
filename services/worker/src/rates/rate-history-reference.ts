import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { RateDecimal, REFERENCE_MAX_AGE_MS, type GoodValue } from '@fxrates/rates';

/**
 * The newest value `rate_history` holds for each currency, from any source, within the longest
 * reference age: what an incoming value is judged against when Redis no longer has the last good
 * ones (a flush, a failover without persistence), so a wild first value after such a loss is not
 * believed for want of anything to compare it with.
 */
@Injectable()
export class RateHistoryReference {
  constructor(private readonly em: EntityManager) {}

  async newest(currencies: readonly string[], now = Date.now()): Promise<Map<string, GoodValue>> {
    if (currencies.length === 0) return new Map();
    const since = new Date(now - Math.max(...Object.values(REFERENCE_MAX_AGE_MS)));
    const rows = await this.em
      .getConnection()
      .execute<Array<{ currency: string; rate: string; observed_at: Date; day: string }>>(
        `select distinct on (currency) currency, rate_vs_usd::text as rate, observed_at,
              to_char(day, 'YYYY-MM-DD') as day
         from rate_history
        where currency in (select jsonb_array_elements_text(?::jsonb)) and day >= ?::date and observed_at is not null
        order by currency, observed_at desc`,
        [JSON.stringify(currencies), since.toISOString().slice(0, 10)],
      );
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
}
