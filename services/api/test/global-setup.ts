import { migrateUp } from '@fxrates/db';
import type { GlobalConfig } from 'jest';
import { baseDatabaseUrl, copyTemplateForWorkers, templateDatabaseUrl } from './support/worker-resources';

/**
 * Once per run: brings the template database's schema up to date, then gives every jest worker a
 * fresh copy of it (support/worker-resources.ts).
 */
export default async function globalSetup(globalConfig: GlobalConfig): Promise<void> {
  const base = baseDatabaseUrl();
  await migrateUp({ url: templateDatabaseUrl(base), poolMax: 2 });
  await copyTemplateForWorkers(base, Math.max(1, globalConfig.maxWorkers));
  // MikroORM keeps entity metadata on globalThis; jest copies this process's globals into in-band test
  // realms, where Maps of this realm fail `instanceof Map` (mikro-orm/mikro-orm#3783). Leave nothing behind.
  delete (globalThis as Record<string, unknown>)['mikro-orm-metadata'];
}
