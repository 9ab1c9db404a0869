import type { Options } from '@mikro-orm/postgresql';
import { DEFAULT_DATABASE_SERVER_URL, runDatabaseUrl } from '../../cluster/run-resources';

/**
 * The database these tests run the product on: WORKFLOW_DATABASE_URL, else `<test database>_workflow_w<N>`
 * on the test database's server, one per jest worker so that two files migrating at once never race
 * (created and migrated here, kept between runs as the test database is).
 */
export const WORKFLOW_DATABASE_URL =
  process.env.WORKFLOW_DATABASE_URL ??
  runDatabaseUrl(
    testDatabaseBase(DEFAULT_DATABASE_SERVER_URL),
    `workflow_w${process.env.JEST_WORKER_ID ?? '1'}`,
  );

/**
 * The test database the run's are named after: a jest worker that ran API tests before has its run's
 * copy (`<base>_p<pid>_w<N>`, services/api/test/support/worker-resources.ts) in TEST_DATABASE_URL, and
 * a name made from that would be new each run and never dropped.
 */
function testDatabaseBase(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = parsed.pathname.replace(/_p\d+_w\d+$/, '');
  return parsed.toString();
}

// Required, not imported: e2e/ is type-checked without decorators, which the entities behind it use.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { migrateUp, ormConfig } = require('@fxrates/db') as {
  migrateUp(options: { url: string; poolMax: number }): Promise<string[]>;
  ormConfig(options: { url: string; poolMax: number }): Options;
};
