import { migrateUp } from '@fxrates/db';

/** Creates the test database when absent and brings its schema up to date, once per run. */
export default async function globalSetup(): Promise<void> {
  await migrateUp({
    url: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fxrates_test',
    poolMax: 2,
  });
  // MikroORM keeps entity metadata on globalThis; jest copies this process's globals into in-band test
  // realms, where Maps of this realm fail `instanceof Map` (mikro-orm/mikro-orm#3783). Leave nothing behind.
  delete (globalThis as Record<string, unknown>)['mikro-orm-metadata'];
}
