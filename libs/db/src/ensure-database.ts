import { Client } from 'pg';

/** Creates the database named in `url` when it does not exist, connecting to the server's `postgres` DB. */
export async function ensureDatabase(url: string): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`unsupported database name "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return false;
    await client.query(`create database "${name}"`);
    return true;
  } catch (error) {
    // Two processes racing to create it: the loser sees "already exists", which is fine.
    if ((error as { code?: string }).code === '42P04') return false;
    throw error;
  } finally {
    await client.end();
  }
}
