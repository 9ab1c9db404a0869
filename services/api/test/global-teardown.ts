import type { GlobalConfig } from 'jest';
import { workersOf } from './global-setup';
import { baseDatabaseUrl, currentRun, dropRunDatabases } from './support/worker-resources';

/** Drops the databases the run's workers used (support/worker-resources.ts). */
export default async function globalTeardown(globalConfig: GlobalConfig): Promise<void> {
  await dropRunDatabases(baseDatabaseUrl(), workersOf(globalConfig), currentRun());
}
