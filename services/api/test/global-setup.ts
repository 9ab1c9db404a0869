import { migrateUp } from '@fxrates/db';
import type { GlobalConfig } from 'jest';
import {
  baseDatabaseUrl,
  copyTemplateForWorkers,
  RUN_VARIABLE,
  templateDatabaseUrl,
} from './support/worker-resources';

/**
 * Once per run: brings the template database's schema up to date, then gives every jest worker a
 * fresh copy of it, named for this run (support/worker-resources.ts).
 */
export default async function globalSetup(globalConfig: GlobalConfig): Promise<void> {
  const base = baseDatabaseUrl();
  const run = `p${process.pid}`;
  // Set before jest starts its workers, which inherit it.
  process.env[RUN_VARIABLE] = run;
  await copyTemplateForWorkers(base, workersOf(globalConfig), run, () =>
    migrateUp({ url: templateDatabaseUrl(base), poolMax: 2 }),
  );
  // MikroORM keeps entity metadata on globalThis; jest copies this process's globals into in-band test
  // realms, where Maps of this realm fail `instanceof Map` (mikro-orm/mikro-orm#3783). Leave nothing behind.
  delete (globalThis as Record<string, unknown>)['mikro-orm-metadata'];
}

export function workersOf(globalConfig: GlobalConfig): number {
  return Math.max(1, globalConfig.maxWorkers);
}
