// Checks that PostgreSQL and Redis accept connections before anything else runs. No dependencies,
// so it works before `npm install`. Exits 1 naming what is down and how to start it.
import net from 'node:net';

const env = process.env.NODE_ENV === 'test' ? 'test' : 'development';
const database = new URL(
  process.env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/fxrates_${env === 'test' ? 'test' : 'dev'}`,
);
const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0');

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

const checks = [
  {
    name: 'PostgreSQL',
    host: database.hostname,
    port: Number(database.port || 5432),
    start: 'sudo pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
  },
  {
    name: 'Redis',
    host: redis.hostname,
    port: Number(redis.port || 6379),
    start: 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379',
  },
];

let failed = false;
for (const check of checks) {
  if (await reachable(check.host, check.port)) continue;
  failed = true;
  process.stderr.write(
    `✖ ${check.name} is not reachable at ${check.host}:${check.port}.\n` +
      `  Start it, for example:\n    ${check.start}\n  or, with Docker:\n    docker compose up -d postgres redis\n`,
  );
}
if (failed) process.exit(1);
