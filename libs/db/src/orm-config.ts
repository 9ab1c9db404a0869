import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** Longest a query waits for a pooled connection (knex's default is 60 s). */
const ACQUIRE_TIMEOUT_MS = 5_000;
/** Longest a new connection may take to open (node-postgres waits forever by default). */
const CONNECT_TIMEOUT_MS = 3_000;

/** Where the migrations are, from the repository root (`npm run migration:create` writes there). */
export const MIGRATIONS_FOLDER = 'libs/db/src/migrations';

export interface DbConnectionOptions {
  url: string;
  poolMax: number;
  debug?: boolean;
  /** Where the driver's warnings go (a connection lost, say); the console when not given. */
  warn?: (message: string) => void;
}

export function ormConfig({ url, poolMax, debug = false, warn }: DbConnectionOptions): Options {
  return defineConfig({
    clientUrl: url,
    entities: ENTITIES,
    extensions: [Migrator],
    pool: { min: 0, max: poolMax },
    // While PostgreSQL is down or restarting a request fails within seconds (the API answers 503)
    // instead of waiting knex's default minute for a connection; the pool reconnects by itself.
    driverOptions: {
      acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
      connection: { connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true },
      ...(warn ? { log: { warn } } : {}),
    },
    debug,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    migrations: {
      tableName: 'mikro_orm_migrations',
      migrationsList: MIGRATIONS,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      path: MIGRATIONS_FOLDER,
    },
  });
}
