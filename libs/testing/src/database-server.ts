import type { EntityManager } from '@mikro-orm/postgresql';
import { Client } from 'pg';

/**
 * Operations on the PostgreSQL server itself, never on the product's tables: what the fault tests
 * need (a connection kept busy, a table kept locked, a session seen waiting on that lock) and what
 * the test harness needs (databases copied from a template and dropped, runs taking turns). The
 * product's rows are read and written through libs/db's repositories and entities instead.
 *
 * Kept free of MikroORM at run time (its entity manager is only a type here): the jest harness
 * loads this file in its global setup and in every worker's environment, before any test file, and
 * it brings nothing there but the PostgreSQL client.
 */

/** Names interpolated into statements (databases, tables) may be plain identifiers only. */
function identifier(name: string): string {
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`not a plain identifier: "${name}"`);
  return `"${name}"`;
}

/**
 * Asks the server for `value` back on one of `em`'s connections (its transaction's, when `em` is in
 * one): a query that needs nothing but a connection and a server that answers.
 */
export async function roundTrip(em: EntityManager, value = 1): Promise<number> {
  const [row] = await em.execute<{ value: number }[]>('select ?::int as value', [value]);
  return row.value;
}

/** Keeps one of `em`'s connections (its transaction's, when `em` is in one) busy for `seconds`. */
export async function holdConnection(em: EntityManager, seconds: number): Promise<void> {
  await em.execute('select pg_sleep(?)', [seconds]);
}

/**
 * Whether a session on `em`'s database is waiting for a lock in a statement that names `table`:
 * how a test knows a transaction has reached the table another session holds locked.
 */
export async function someSessionWaitsOnLockOf(em: EntityManager, table: string): Promise<boolean> {
  identifier(table);
  const waiting = await em.execute(
    `select 1 from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query like ?`,
    [`%${table}%`],
  );
  return waiting.length > 0;
}

/** A table lock held by a transaction of a connection of its own. */
export interface HeldTableLock {
  /** Ends the transaction (the lock goes) and the connection; nothing more when called again. */
  release(): Promise<void>;
}

/**
 * Locks `table` of the database at `databaseUrl` in `mode` (as LOCK TABLE names them: `exclusive`,
 * `share`, …) in a transaction on a connection of the test's own, until released.
 */
export async function lockTable(databaseUrl: string, table: string, mode: string): Promise<HeldTableLock> {
  if (!/^[a-z]+( [a-z]+)*$/.test(mode)) throw new Error(`not a lock mode: "${mode}"`);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`lock table ${identifier(table)} in ${mode} mode`);
  } catch (error) {
    await client.end();
    throw error;
  }
  let released: Promise<void> | undefined;
  return {
    release: () =>
      (released ??= client
        .query('commit')
        .then(() => undefined)
        .finally(() => client.end())),
  };
}

/** Runs `work` on a connection of its own to the database at `databaseUrl`, closed after. */
async function onDatabase<T>(databaseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A table renamed out of the way by renameTableAway. */
export interface TableAway {
  /** Gives the table its name back; nothing more when called again. */
  restore(): Promise<void>;
}

/**
 * Renames `table` of the database at `databaseUrl` until restored, so every statement naming it fails
 * as on a table gone: how a test makes the writes of one table fail and nothing else.
 */
export async function renameTableAway(databaseUrl: string, table: string): Promise<TableAway> {
  const away = identifier(`${table}_away`);
  await onDatabase(databaseUrl, (client) =>
    client.query(`alter table ${identifier(table)} rename to ${away}`),
  );
  let restored: Promise<void> | undefined;
  return {
    restore: () =>
      (restored ??= onDatabase(databaseUrl, async (client) => {
        await client.query(`alter table ${away} rename to ${identifier(table)}`);
      })),
  };
}

/** The name of the database `databaseUrl` connects to, as the server reports it. */
export function currentDatabaseName(databaseUrl: string): Promise<string> {
  return onDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>('select current_database() as name');
    return rows[0].name;
  });
}

/** How many migrations the database at `databaseUrl` has recorded as applied (MikroORM's own table). */
export function appliedMigrationCount(databaseUrl: string): Promise<number> {
  return onDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ count: number }>(
      'select count(*)::int as count from mikro_orm_migrations',
    );
    return rows[0].count;
  });
}

/**
 * Marks: a table of the tests' own (no product table), so a test tells databases apart by what was
 * written in each: whether a copy shares rows with another, or kept what was there before.
 */
const MARKS_TABLE = 'test_marks';

/** Creates the marks table in the database at `databaseUrl` (nothing when it is there). */
export function createMarksTable(databaseUrl: string): Promise<void> {
  return onDatabase(databaseUrl, async (client) => {
    await client.query(`create table if not exists ${MARKS_TABLE} (text text not null)`);
  });
}

export function addMark(databaseUrl: string, text: string): Promise<void> {
  return onDatabase(databaseUrl, async (client) => {
    await client.query(`insert into ${MARKS_TABLE} (text) values ($1)`, [text]);
  });
}

export function marksIn(databaseUrl: string): Promise<string[]> {
  return onDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ text: string }>(`select text from ${MARKS_TABLE} order by text`);
    return rows.map((row) => row.text);
  });
}

/** A session on the server's maintenance database (`postgres`), for what concerns whole databases. */
export class DatabaseServer {
  private constructor(private readonly client: Client) {}

  /** Connects to the server that `anyDatabaseUrl` names (to its `postgres` database, whichever it names). */
  static async connect(anyDatabaseUrl: string): Promise<DatabaseServer> {
    const url = new URL(anyDatabaseUrl);
    url.pathname = '/postgres';
    const client = new Client({ connectionString: url.toString() });
    await client.connect();
    return new DatabaseServer(client);
  }

  close(): Promise<void> {
    return this.client.end();
  }

  /** Every database of the server, templates included. */
  async databaseNames(): Promise<string[]> {
    const { rows } = await this.client.query<{ datname: string }>('select datname from pg_database');
    return rows.map((row) => row.datname);
  }

  /** Creates database `name`, empty or as a copy of `template` (which no session may be connected to). */
  async createDatabase(name: string, options: { template?: string } = {}): Promise<void> {
    const template = options.template === undefined ? '' : ` template ${identifier(options.template)}`;
    await this.client.query(`create database ${identifier(name)}${template}`);
  }

  /** Drops database `name` when it exists, ending the sessions still connected to it. */
  async dropDatabase(name: string): Promise<void> {
    await this.client.query(`drop database if exists ${identifier(name)} with (force)`);
  }

  /**
   * Runs `work` while this session holds the advisory lock named `key`: sessions asking for the
   * same key, on any database of the server, wait their turn.
   */
  async withAdvisoryLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    await this.client.query('select pg_advisory_lock(hashtext($1))', [key]);
    try {
      return await work();
    } finally {
      await this.client.query('select pg_advisory_unlock(hashtext($1))', [key]);
    }
  }
}

/** Runs `work` on a session on the server `anyDatabaseUrl` names, closed after. */
export async function onDatabaseServer<T>(
  anyDatabaseUrl: string,
  work: (server: DatabaseServer) => Promise<T>,
): Promise<T> {
  const server = await DatabaseServer.connect(anyDatabaseUrl);
  try {
    return await work(server);
  } finally {
    await server.close();
  }
}
