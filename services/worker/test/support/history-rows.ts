import { ClosesImportRepository } from '@fxrates/db';
import { Client } from 'pg';

/** A client on the test database, as the history imports hold one. */
export async function connectTestDatabase(): Promise<Client> {
  const db = new Client({
    connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fxrates_test',
  });
  await db.connect();
  return db;
}

/** Every stored close of `source` as "day currency rate", oldest first. */
export async function storedCloses(db: Client, source: string): Promise<string[]> {
  const rows = await new ClosesImportRepository(db).storedCloses({ sources: [source] });
  return rows.map((r) => `${r.day} ${r.currency} ${r.rate}`);
}

/** Every calendar day from `from` to `to`, both included, as YYYY-MM-DD. */
export function calendarDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}
