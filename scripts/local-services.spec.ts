import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const script = path.join(__dirname, 'local-services.mjs');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
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
    const result = await runAround('console.log("RAN")', {
      PATH: path.join(__dirname, 'no-such-dir'),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/fxrates_test',
      REDIS_URL: `redis://127.0.0.1:${await freePort()}/15`,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain('RAN');
    expect(result.stderr).toContain('Redis is not reachable at 127.0.0.1');
    expect(result.stderr).toContain('brew install redis');
    expect(result.stderr).toContain('sudo apt-get install -y redis-server');
    expect(result.stderr).toContain('Memurai');
  });
});
