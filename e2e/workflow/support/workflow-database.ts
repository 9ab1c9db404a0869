import { runDatabaseUrl, DEFAULT_DATABASE_SERVER_URL } from '../../cluster/run-resources';

/**
 * The database these tests run the product on: WORKFLOW_DATABASE_URL, else `<test database>_workflow`
 * on the test database's server (created and migrated by the commands under test, kept between runs
 * as the test database is).
 */
export const WORKFLOW_DATABASE_URL =
  process.env.WORKFLOW_DATABASE_URL ?? runDatabaseUrl(DEFAULT_DATABASE_SERVER_URL, 'workflow');
