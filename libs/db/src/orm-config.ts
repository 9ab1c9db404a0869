import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export interface DbConnectionOptions {
  url: string;
  poolMax: number;
  debug?: boolean;
}

export function ormConfig({ url, poolMax, debug = false }: DbConnectionOptions): Options {
  return defineConfig({
    clientUrl: url,
    entities: ENTITIES,
    extensions: [Migrator],
    pool: { min: 0, max: poolMax },
    debug,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    migrations: {
      tableName: 'mikro_orm_migrations',
      migrationsList: MIGRATIONS,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      path: 'libs/db/src/migrations',
    },
  });
}
