/**
 * The README's quick start on a laptop with Node and nothing else: `npm start` in a clean clone, with
 * no PostgreSQL, Redis or SMTP server on the ports it is given, brings them up (embedded PostgreSQL,
 * redis-server, MailDev), serves a working API whose mail lands in the catcher, and on Ctrl-C stops
 * everything it started. In the cluster project: it runs the built product's processes, as the
 * cluster does, and takes a minute. The clone reuses this checkout's node_modules (symlinked) and its
 * build (copied; SKIP_BUILD=1): what is new here is the services, not the build.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@fxrates/testing';
import { REPO_ROOT } from '../repo-root';

jest.setTimeout(600_000);

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** The pids of processes whose command line names `dir` (what a started service would be). */
function processesUnder(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(dir)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** A clone of this checkout's HEAD, with its node_modules linked and its build copied. */
function cleanClone(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fxrates-fresh-'));
  // As a clone under the usual umask is (mkdtemp makes 0700): the postgres user, which the embedded
  // server runs as under root, passes through it.
  fs.chmodSync(dir, 0o755);
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', REPO_ROOT, dir]);
  // The clone's files are newer than the install: ensure-install.sh would install again, for minutes.
  const installed = fs.statSync(path.join(REPO_ROOT, 'node_modules/.package-lock.json')).mtime;
  fs.utimesSync(path.join(dir, 'package-lock.json'), installed, new Date(installed.getTime() - 1000));
  const linked = [
    'node_modules',
    ...['libs', 'services', 'frontends'].flatMap((group) =>
      fs.readdirSync(path.join(REPO_ROOT, group)).map((name) => path.join(group, name, 'node_modules')),
    ),
  ];
  for (const modules of linked)
    if (fs.existsSync(path.join(REPO_ROOT, modules)) && fs.existsSync(path.dirname(path.join(dir, modules))))
      fs.symlinkSync(path.join(REPO_ROOT, modules), path.join(dir, modules));
  const built = [
    'dist',
    ...fs.readdirSync(path.join(REPO_ROOT, 'frontends')).map((name) => path.join('frontends', name, 'dist')),
  ];
  for (const output of built)
    if (fs.existsSync(path.join(REPO_ROOT, output)))
      fs.cpSync(path.join(REPO_ROOT, output), path.join(dir, output), { recursive: true });
  return dir;
}

async function waitForOutput(read: () => string, text: string, child: ChildProcess): Promise<void> {
  while (!read().includes(text)) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${read()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function mailTo(catcherUrl: string, address: string): Promise<{ subject: string } | undefined> {
  const mails = (await (await fetch(`${catcherUrl}/api/email`)).json()) as Array<{
    subject: string;
    to: Array<{ address: string }>;
  }>;
  return mails.find((mail) => mail.to.some((to) => to.address === address));
}

describe('a fresh checkout with Node only: npm start', () => {
  let checkout: string;
  let start: ChildProcess;
  let output = '';
  const ports: Record<string, number> = {};

  beforeAll(async () => {
    checkout = cleanClone();
    for (const name of [
      'pg',
      'redis',
      'smtp',
      'mailWeb',
      'api',
      'worker',
      'web',
      'marketing',
      'dashboard',
      'billing',
    ])
      ports[name] = await freePort();
    start = spawn('npm', ['start'], {
      cwd: checkout,
      // Its own process group, as a terminal gives it: Ctrl-C below goes to the whole group.
      detached: true,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        SKIP_BUILD: '1',
        RATES_PROVIDERS: 'bundled-snapshot',
        DATABASE_URL: `postgres://postgres@127.0.0.1:${ports.pg}/fxrates_dev`,
        REDIS_URL: `redis://127.0.0.1:${ports.redis}/0`,
        SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
        MAILDEV_WEB_PORT: String(ports.mailWeb),
        API_PORT: String(ports.api),
        WORKER_HEALTH_PORT: String(ports.worker),
        WEB_PORT: String(ports.web),
        MARKETING_PORT: String(ports.marketing),
        DASHBOARD_PORT: String(ports.dashboard),
        BILLING_PORT: String(ports.billing),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    start.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    start.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitForOutput(() => output, 'FXRates Pro is running', start);
  });

  afterAll(() => {
    // Only when a test failed midway: whatever is still running is cleared away.
    if (start && start.exitCode === null && start.signalCode === null) process.kill(-start.pid!, 'SIGKILL');
    for (const pid of checkout ? processesUnder(checkout) : []) process.kill(pid, 'SIGKILL');
    if (checkout) fs.rmSync(checkout, { recursive: true, force: true });
  });

  it('finds no PostgreSQL, Redis or SMTP server on its ports, and starts each', () => {
    expect(output).toContain(`PostgreSQL: starting the embedded server on 127.0.0.1:${ports.pg}`);
    expect(output).toContain(`Redis: starting redis-server on 127.0.0.1:${ports.redis}`);
    expect(output).toContain(`Mail (dev)     http://localhost:${ports.mailWeb}`);
    expect(fs.existsSync(path.join(checkout, '.local/postgres/data/PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(checkout, '.local/mail'))).toBe(true);
  });

  it('serves a working API', async () => {
    expect((await fetch(`http://127.0.0.1:${ports.api}/api/health/ready`)).status).toBe(200);
    const session = await fetch(`http://127.0.0.1:${ports.api}/api/auth/session`, { method: 'POST' });
    expect(session.status).toBe(201);
    const { sessionToken } = (await session.json()) as { sessionToken: string };
    const converted = await fetch(
      `http://127.0.0.1:${ports.api}/api/rates/convert?from=EUR&to=USD&amount=1`,
      {
        headers: { 'X-Session-Token': sessionToken },
      },
    );
    expect(converted.status).toBe(200);
    expect(JSON.stringify(await converted.json())).toContain('USD');
  });

  it("catches the mail the worker sends: a new account's verification link", async () => {
    const email = `fresh-${randomUUID()}@example.test`;
    const registered = await fetch(`http://127.0.0.1:${ports.api}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Fay', lastName: 'Fresh', email, password: 'fresh-password-123' }),
    });
    expect(registered.status).toBe(201);
    const catcher = `http://127.0.0.1:${ports.mailWeb}`;
    let mail = await mailTo(catcher, email);
    while (!mail) {
      await new Promise((r) => setTimeout(r, 500));
      mail = await mailTo(catcher, email);
    }
    expect(mail.subject).toMatch(/verify|confirm/i);
    // Its web page, for a browser (an HTML request).
    expect((await fetch(catcher, { headers: { accept: 'text/html' } })).status).toBe(200);
  });

  it('on Ctrl-C stops the product and every service it started: no process is left', async () => {
    const exited = new Promise((resolve) => start.once('exit', resolve));
    process.kill(-start.pid!, 'SIGINT');
    await exited;
    for (const port of [ports.pg, ports.redis, ports.smtp, ports.mailWeb, ports.api])
      expect(await answers(port)).toBe(false);
    expect(processesUnder(checkout)).toEqual([]);
    expect(await answers(5432)).toBe(true);
    expect(await answers(6379)).toBe(true);
  });
});
