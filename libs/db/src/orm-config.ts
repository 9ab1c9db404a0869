import { DefaultLogger, defineConfig, type LoggerOptions, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * Longest a query waits for a connection, pooled or new (node-postgres waits forever by default): while
 * PostgreSQL is down or restarting a request fails within seconds (the API answers 503) instead of
 * hanging; the pool reconnects by itself.
 */
const CONNECT_TIMEOUT_MS = 5_000;

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
    // node-postgres's pool options.
    driverOptions: { connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true },
    ...(warn ? { loggerFactory: (options: LoggerOptions) => new WarningsAlwaysLogger(options, warn) } : {}),
    debug,
    allowGlobalContext: false,
    // Databases are created by `npm run migrate` (ensure-database.ts), never by a service's first query.
    ensureDatabase: false,
    forceUtcTimezone: true,
    migrations: {
      tableName: 'mikro_orm_migrations',
      migrationsList: MIGRATIONS,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true, // the migrate command prints its own summary
      path: MIGRATIONS_FOLDER,
    },
  });
}

/**
 * MikroORM reports a pooled connection's error (PostgreSQL restarted, say) as a warning that its default
 * logger prints only in debug mode; an operator wants it in the service's log always.
 */
class WarningsAlwaysLogger extends DefaultLogger {
  constructor(
    options: LoggerOptions,
    private readonly warning: (message: string) => void,
  ) {
    super(options);
  }

  override warn(namespace: string, message: string): void {
    this.warning(`[${namespace}] ${message}`);
  }
}
