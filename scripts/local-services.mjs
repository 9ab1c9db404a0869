// `npm start` and `npm test` run through this: it starts whatever of PostgreSQL, Redis (and, in
// development, the mail catcher) does not answer on its configured address, runs the command given
// as arguments, and when that ends (Ctrl-C included) stops what it started. The services it finds
// running are used and never touched.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailCatcher } from './local-services/mail-catcher.mjs';
import { startEmbeddedPostgres } from './local-services/postgres.mjs';
import { reachable } from './local-services/reachable.mjs';
import { REDIS_INSTALL_HINT, startRedis } from './local-services/redis.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const localDir = path.join(repoRoot, '.local');
const env = process.env.NODE_ENV === 'test' ? 'test' : 'development';
const database = new URL(
  process.env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/fxrates_${env === 'test' ? 'test' : 'dev'}`,
);
const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0');
const smtp = new URL(process.env.SMTP_URL ?? 'smtp://127.0.0.1:1025');
const local = (url) => ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname);

const started = [];
const extraEnv = {};
let stopping;

function stopServices() {
  stopping ??= Promise.all(started.reverse().map((service) => service.stop()));
  return stopping;
}

async function bringUp() {
  const pgPort = Number(database.port || 5432);
  if (!(await reachable(database.hostname, pgPort))) {
    if (!local(database)) throw new Error(`PostgreSQL is not reachable at ${database.host}.`);
    // One cluster whatever the port: the development and test databases live side by side in it.
    const dataDir = path.join(localDir, 'postgres', 'data');
    started.push(await startEmbeddedPostgres({ host: '127.0.0.1', port: pgPort, dataDir }));
  }
  const redisPort = Number(redis.port || 6379);
  if (!(await reachable(redis.hostname, redisPort))) {
    const dataDir = path.join(localDir, 'redis', String(redisPort));
    const service = local(redis)
      ? await startRedis({ host: '127.0.0.1', port: redisPort, dataDir, repoRoot })
      : undefined;
    if (!service) {
      process.stderr.write(
        `✖ Redis is not reachable at ${redis.hostname}:${redisPort}.\n${REDIS_INSTALL_HINT}\n`,
      );
      return false;
    }
    started.push(service);
  }
  const smtpPort = Number(smtp.port || 25);
  if (env === 'development' && local(smtp) && !(await reachable(smtp.hostname, smtpPort))) {
    const webPort = Number(process.env.MAILDEV_WEB_PORT ?? 1080);
    const mailDir = path.join(localDir, 'mail');
    const catcher = await startMailCatcher({ host: '127.0.0.1', smtpPort, webPort, mailDir });
    started.push(catcher);
    // run-all.mjs prints it beside the other addresses.
    extraEnv.MAIL_CATCHER_URL = catcher.webUrl;
  }
  return true;
}

const [command, ...args] = process.argv.slice(2);
let child;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // The command gets the signal (Ctrl-C reaches its group anyway) and its exit stops the services.
    if (child) child.kill(signal);
    else stopServices().then(() => process.exit(130));
  });
}

let ok = false;
try {
  ok = await bringUp();
} catch (error) {
  process.stderr.write(`✖ ${error instanceof Error ? error.message : String(error)}\n`);
}
if (!ok) {
  await stopServices();
  process.exit(1);
}
child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, ...extraEnv, FXRATES_LOCAL_SERVICES: 'up' },
});
child.once('exit', async (code, signal) => {
  await stopServices();
  process.exit(code ?? (signal === 'SIGINT' ? 130 : 1));
});
