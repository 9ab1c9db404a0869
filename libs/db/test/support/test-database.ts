import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ormConfig } from '../../src';

const url = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fxrates_test';

/** The ORM on the test database (migrated by the api project's global setup). */
export function connectOrm(): Promise<MikroORM> {
  return MikroORM.init(ormConfig({ url: url(), poolMax: 4 }));
}

/** A plain client on the test database, as the imports hold one. */
export async function connectClient(): Promise<Client> {
  const db = new Client({ connectionString: url() });
  await db.connect();
  return db;
}

/** A short random suffix, so rows of files running side by side never meet. */
export const unique = (bytes = 3): string => randomBytes(bytes).toString('hex');
