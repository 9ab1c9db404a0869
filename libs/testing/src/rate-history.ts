import type { GivenDatabase } from './database';

/** Closes by day then currency, as units per 1 USD: `{ '1990-01-02': { EUR: '0.8' } }`. */
export type GivenCloses = Record<string, Record<string, string>>;

/**
 * Daily closes in rate_history from `source` (ECB unless given), each replacing the one of its day
 * and currency, as the history import writes them.
 */
export async function givenCloses(db: GivenDatabase, closes: GivenCloses, source = 'ecb'): Promise<void> {
  const rows = Object.entries(closes).flatMap(([day, rates]) =>
    Object.entries(rates).map(([currency, rate]) => [source, day, currency, rate]),
  );
  if (rows.length === 0) return;
  await db.em.getConnection().execute(
    `insert into rate_history (source, day, currency, rate_vs_usd)
     values ${rows.map(() => '(?, ?, ?, ?)').join(', ')}
     on conflict (source, day, currency) do update set rate_vs_usd = excluded.rate_vs_usd`,
    rows.flat(),
  );
}
