import { Client } from 'pg';

/** A client on the test database, for arranging and reading rate_history directly. */
export async function connectTestDatabase(): Promise<Client> {
  const db = new Client({
    connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fxrates_test',
  });
  await db.connect();
  return db;
}

/** Every stored close of `source` as "day currency rate", oldest first. */
export async function storedCloses(db: Client, source: string): Promise<string[]> {
  const { rows } = await db.query(
    `select to_char(day, 'YYYY-MM-DD') as day, currency, rate_vs_usd::text as rate
       from rate_history where source = $1 order by day, currency`,
    [source],
  );
  return rows.map((r) => `${r.day} ${r.currency} ${r.rate}`);
}
