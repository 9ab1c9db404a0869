// Runs the API, the worker and the web servers as child processes with prefixed output.
// Ctrl-C (or any child dying) stops them all.
//
// --watch (npm run dev): the API and the worker run under `node --watch`, restarting when their
// compiled code changes; `build-backend.mjs --watch` compiles each changed source file into dist/
// and `build-frontends.mjs --watch` rebuilds the frontends the web server serves (development mode).
// --backend-only: the API, the worker and the backend's watcher alone.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const env = process.env;
const watch = process.argv.includes('--watch');
const backendOnly = process.argv.includes('--backend-only');
const nodeWatch = watch ? ['--watch'] : [];
const webPort = env.WEB_PORT ?? '3000';
const apiPort = env.API_PORT ?? '4000';
// PAYPAL_STAND_IN=1: PayPal's REST API, JS SDK and webhooks on loopback (libs/paypal/src/stand-in).
const payPalStandIn = env.PAYPAL_STAND_IN === '1';
let payPalEnv = {};
let payPalPort;
if (payPalStandIn) {
  const { localPayPalEnv, LOCAL_PAYPAL_PORT } = createRequire(import.meta.url)(
    '../dist/libs/paypal/src/stand-in/local-paypal.js',
  );
  payPalPort = env.PAYPAL_STAND_IN_PORT ?? String(LOCAL_PAYPAL_PORT);
  payPalEnv = localPayPalEnv(`http://127.0.0.1:${payPalPort}`);
}
const processes = [
  ...(payPalStandIn
    ? [
        {
          name: 'paypal',
          color: 33,
          args: [
            'dist/libs/paypal/src/stand-in/main.js',
            '--port',
            payPalPort,
            '--api',
            `http://127.0.0.1:${apiPort}`,
          ],
        },
      ]
    : []),
  ...(watch ? [{ name: 'build', color: 33, args: ['scripts/build-backend.mjs', '--watch'] }] : []),
  { name: 'api', color: 36, args: [...nodeWatch, 'dist/services/api/src/main.js'], env: payPalEnv },
  { name: 'worker', color: 35, args: [...nodeWatch, 'dist/services/worker/src/main.js'], env: payPalEnv },
  ...(watch && !backendOnly
    ? [{ name: 'bundle', color: 34, args: ['scripts/build-frontends.mjs', '--watch'] }]
    : []),
].concat(backendOnly ? [] : [webServer()]);

function webServer() {
  return {
    name: 'web',
    color: 32,
    args: ['scripts/serve-web.mjs'],
    env: {
      API_URL: env.API_URL ?? `http://127.0.0.1:${apiPort}`,
      // The shell proxies /api: it is as reachable as the API itself (loopback unless API_HOST says).
      WEB_HOST: env.WEB_HOST ?? env.API_HOST ?? '127.0.0.1',
      ...payPalEnv,
    },
  };
}

const children = [];
let stopping = false;

function prefix(name, color) {
  const tag = `\x1b[${color}m${name.padEnd(6)}\x1b[0m│ `;
  let partial = '';
  return (chunk) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) process.stdout.write(`${tag}${line}\n`);
  };
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  process.stdout.write('\n› Stopping…\n');
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  }, 10_000);
  force.unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(
    () => process.exit(code),
  );
}

for (const p of processes) {
  const child = spawn(process.execPath, p.args, {
    env: { ...env, ...p.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const write = prefix(p.name, p.color);
  child.stdout.on('data', write);
  child.stderr.on('data', write);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`✖ ${p.name} exited (${signal ?? code}); stopping everything.\n`);
      stopAll(1);
    }
  });
  children.push(child);
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

const ready = await waitFor(`http://127.0.0.1:${apiPort}/api/health/ready`, 60_000);
if (ready && !stopping) {
  process.stdout.write(
    [
      '',
      '  FXRates Pro is running:',
      `    Web app        http://localhost:${webPort}`,
      `    API            http://localhost:${apiPort}/api`,
      `    API docs       http://localhost:${apiPort}/api/docs`,
      `    Remotes        http://localhost:${env.MARKETING_PORT ?? 3001} · ${env.DASHBOARD_PORT ?? 3002} · ${env.BILLING_PORT ?? 3003}`,
      `    Worker health  http://localhost:${env.WORKER_HEALTH_PORT ?? 4001}/health/ready`,
      // Set by scripts/local-services.mjs when it started the mail catcher.
      ...(env.MAIL_CATCHER_URL ? [`    Mail (dev)     ${env.MAIL_CATCHER_URL}`] : []),
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n') + '\n',
  );
}
