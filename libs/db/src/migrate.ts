import { MikroORM } from '@mikro-orm/postgresql';
import { ensureDatabase } from './ensure-database';
import { ormConfig, type DbConnectionOptions } from './orm-config';

/** Creates the database when absent and applies every pending migration. Returns the names applied. */
export async function migrateUp(options: DbConnectionOptions): Promise<string[]> {
  await ensureDatabase(options.url);
  const orm = await MikroORM.init(ormConfig(options));
  try {
    const applied = await orm.migrator.up();
    return applied.map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}
