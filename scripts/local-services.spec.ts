import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../libs/testing/src/free-port';

const script = path.join(__dirname, 'local-services.mjs');
const composeFile = path.join(__dirname, '..', 'docker-compose.yml');

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Runs local-services.mjs around `node -e <code>`; resolves with its exit code and output. */
function runAround(code: string, env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [script, process.execPath, '-e', code], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Asks PostgreSQL and Redis (through the repository's own clients) what they are; prints JSON. */
const probe = `
  const { Client } = require('pg');
  const Redis = require('ioredis');
  (async () => {
    const db = new Client({ connectionString: process.env.DATABASE_URL.replace(/[^/]+$/, 'postgres') });
    await db.connect();
    const version = (await db.query('show server_version')).rows[0].server_version;
    await db.end();
    const redis = new Redis(process.env.REDIS_URL);
    const policy = (await redis.config('GET', 'maxmemory-policy'))[1];
    await redis.quit();
    console.log('PROBE ' + JSON.stringify({ version, policy, marker: process.env.FXRATES_LOCAL_SERVICES }));
  })().catch((error) => { console.error(error); process.exit(3); });
`;
const probed = (stdout: string) => JSON.parse(/^PROBE (.*)$/m.exec(stdout)?.[1] ?? 'null');

describe('local-services (npm start and npm test bring up what is missing)', () => {
  jest.setTimeout(180_000);

  it('starts an embedded PostgreSQL and a redis-server where nothing answers, and stops both after', async () => {
    const [pgPort, redisPort] = [await freePort(), await freePort()];
    const result = await runAround(probe, {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/fxrates_test`,
      REDIS_URL: `redis://127.0.0.1:${redisPort}/15`,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(probed(result.stdout)).toEqual({
      version: expect.stringMatching(/^16\./),
      policy: 'noeviction',
      marker: 'up',
    });
    expect(await answers(pgPort)).toBe(false);
    expect(await answers(redisPort)).toBe(false);
  });

  it('uses the PostgreSQL and Redis that answer, starts nothing and leaves them running', async () => {
    const result = await runAround(probe, {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/fxrates_test',
      REDIS_URL: 'redis://127.0.0.1:6379/15',
    });
    expect(result.status).toBe(0);
    expect(result.stdout).not.toContain('starting');
    expect(probed(result.stdout).version).toMatch(/^\d+/);
    expect(await answers(5432)).toBe(true);
    expect(await answers(6379)).toBe(true);
  });

  it('without Redis, redis-server or Docker: one message with the install lines, exit 1, the command not run', async () => {
    const port = await freePort();
    const result = await runAround('console.log("RAN")', {
      PATH: path.join(__dirname, 'no-such-dir'),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/fxrates_test',
      REDIS_URL: `redis://127.0.0.1:${port}/15`,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain('RAN');
    expectInstallMessage(result.stderr, port);
  });

  describe('Redis through Docker where no redis-server is on the PATH', () => {
    // A PATH holding only a stand-in `docker`: the boundary with the outside world is the docker CLI.
    // It records each call's argv, one line each (arguments tab-separated); for `compose ... up -d
    // redis` it starts a real redis-server (from /usr/bin, not on that PATH) on REDIS_HOST_PORT, the
    // port the compose file publishes, and for `compose ... stop redis` stops it.
    const scratch = mkdtempSync(path.join(tmpdir(), 'fxrates-docker-stand-in-'));
    const pidFile = path.join(scratch, 'redis.pid');
    const calls = (bin: string) =>
      existsSync(path.join(bin, 'calls'))
        ? readFileSync(path.join(bin, 'calls'), 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => line.split('\t').slice(0, -1))
        : [];

    function standInDocker(name: string, body: string): string {
      const bin = mkdtempSync(path.join(scratch, name));
      const docker = path.join(bin, 'docker');
      writeFileSync(
        docker,
        `#!/bin/sh
for arg in "$@"; do printf '%s\\t' "$arg" >> '${bin}/calls'; done
printf '\\n' >> '${bin}/calls'
${body}
`,
      );
      chmodSync(docker, 0o755);
      return bin;
    }

    const working = () =>
      standInDocker(
        'working-',
        `case "$*" in
  info) exit 0 ;;
  *' up -d redis')
    /usr/bin/redis-server --bind 127.0.0.1 --port "$REDIS_HOST_PORT" --save '' --appendonly no \\
      --maxmemory-policy noeviction --dir '${scratch}' > '${scratch}/redis.log' 2>&1 < /dev/null &
    echo "$!" > '${pidFile}'
    exit 0 ;;
  *' stop redis') read -r pid < '${pidFile}'; kill "$pid"; exit 0 ;;
esac
exit 2`,
      );

    afterAll(() => {
      // Whatever a failed test left running: the redis-server the stand-in started, by its pid.
      if (existsSync(pidFile)) {
        const pid = Number(readFileSync(pidFile, 'utf8').trim());
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Stopped already (`compose stop redis`).
        }
      }
      rmSync(scratch, { recursive: true, force: true });
    });

    it('runs `docker compose --file <the compose file> up -d redis` on the port, reaches it, stops it after', async () => {
      const bin = working();
      const port = await freePort();
      const result = await runAround(probe, {
        PATH: bin,
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/fxrates_test',
        REDIS_URL: `redis://127.0.0.1:${port}/15`,
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(probed(result.stdout)).toMatchObject({ policy: 'noeviction', marker: 'up' });
      expect(calls(bin)).toEqual([
        ['info'],
        ['compose', '--file', composeFile, 'up', '-d', 'redis'],
        ['compose', '--file', composeFile, 'stop', 'redis'],
      ]);
      // Stopped (SIGTERM) as `compose stop` does: the port closes once it has shut down.
      await until(async () => !(await answers(port)));
    });

    it.each([
      ['docker fails outright', 'exit 1', [['info']]],
      [
        '`docker compose up` fails',
        `[ "$1" = info ] && exit 0\nexit 1`,
        [['info'], ['compose', '--file', composeFile, 'up', '-d', 'redis']],
      ],
    ])('%s: the install message, exit 1, the command not run', async (_case, body, tried) => {
      const bin = standInDocker('failing-', body);
      const port = await freePort();
      const result = await runAround('console.log("RAN")', {
        PATH: bin,
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/fxrates_test',
        REDIS_URL: `redis://127.0.0.1:${port}/15`,
      });
      expect(result.status).toBe(1);
      expect(result.stdout).not.toContain('RAN');
      expectInstallMessage(result.stderr, port);
      expect(calls(bin)).toEqual(tried);
    });
  });
});

/** Exactly one "not reachable" message, carrying the install line of each system. */
function expectInstallMessage(stderr: string, port: number): void {
  expect(stderr.split('Redis is not reachable').length - 1).toBe(1);
  expect(stderr).toContain(`Redis is not reachable at 127.0.0.1:${port}.`);
  expect(stderr).toContain('  macOS:          brew install redis');
  expect(stderr).toContain('  Debian/Ubuntu:  sudo apt-get install -y redis-server');
  expect(stderr).toContain('  Windows:        winget install Memurai.MemuraiDeveloper');
}
