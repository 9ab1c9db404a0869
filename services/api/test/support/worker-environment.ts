import { FastGlobalsEnvironment } from '../../../../libs/testing/jest/fast-globals-environment';
import {
  baseDatabaseUrl,
  baseRedisUrl,
  currentRun,
  currentWorkerId,
  isWorkerDatabaseUrl,
  workerDatabaseUrl,
  workerRedisUrl,
} from './worker-resources';

/**
 * The test environment of the suites that use PostgreSQL and Redis: jest's Node environment (with
 * fast globals, fast-globals-environment.ts), in a worker whose TEST_DATABASE_URL and TEST_REDIS_URL
 * name its own database and Redis DB (worker-resources.ts). Set here, in the worker's real
 * environment and once per worker, rather than in a setup file: jest gives each test file a copy of
 * the environment, and a process a test spawns without an `env` of its own would inherit the
 * worker's unchanged one.
 */
const workerId = currentWorkerId();
if (!isWorkerDatabaseUrl(baseDatabaseUrl())) {
  process.env.TEST_DATABASE_URL = workerDatabaseUrl(baseDatabaseUrl(), workerId, currentRun());
  process.env.TEST_REDIS_URL = workerRedisUrl(baseRedisUrl(), workerId);
}

export default FastGlobalsEnvironment;
