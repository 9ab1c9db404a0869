import type { Options } from '@mikro-orm/postgresql';
import { runlessDatabaseUrl } from '../../../services/api/test/support/worker-resources';
import { DEFAULT_DATABASE_SERVER_URL, runDatabaseUrl } from '../../cluster/run-resources';

/**
 * The database these tests run the product on: WORKFLOW_DATABASE_URL, else `<test database>_workflow_w<N>`
 * on the test database's server, one per jest worker so that two files migrating at once never race
 * (created and migrated here, kept between runs as the test database is). Named after the base test
 * database: a worker that ran API tests first has its run's copy in TEST_DATABASE_URL.
 */
export const WORKFLOW_DATABASE_URL =
  process.env.WORKFLOW_DATABASE_URL ??
  runDatabaseUrl(
    runlessDatabaseUrl(DEFAULT_DATABASE_SERVER_URL),
    `workflow_w${process.env.JEST_WORKER_ID ?? '1'}`,
  );

// Required, not imported: e2e/ is type-checked without decorators, which the entities behind it use.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { migrateUp, ormConfig } = require('@fxrates/db') as {
  migrateUp(options: { url: string; poolMax: number }): Promise<string[]>;
  ormConfig(options: { url: string; poolMax: number }): Options;
};
