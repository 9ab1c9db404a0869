import { RateHistoryRepository, type ClosesFilter } from '@fxrates/db';
import type { GivenDatabase } from './database';

/** Closes by day then currency, as units per 1 USD: `{ '1990-01-02': { EUR: '0.8' } }`. */
export type GivenCloses = Record<string, Record<string, string>>;

/**
 * Daily closes in rate_history from `source` (ECB unless given), each replacing the one of its day
 * and currency, as the history import writes them.
 */
export async function givenCloses(db: GivenDatabase, closes: GivenCloses, source = 'ecb'): Promise<void> {
  const rows = Object.entries(closes).flatMap(([day, rates]) =>
    Object.entries(rates).map(([currency, rate]) => ({ day, currency, rate })),
  );
  await new RateHistoryRepository(db.em).replaceCloses(source, rows);
}

/**
 * None of the closes `filter` takes, whichever wrote them: a test starts from days and currencies of
 * its own, and leaves them as it found them.
 */
export async function givenNoCloses(db: GivenDatabase, filter: ClosesFilter): Promise<void> {
  await new RateHistoryRepository(db.em.fork()).deleteCloses(filter);
}
