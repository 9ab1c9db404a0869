import { spawnSync } from 'node:child_process';
import path from 'node:path';

const script = path.join(__dirname, 'check-services.mjs');
const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, [script], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });

describe('check-services (run first by npm start and npm test)', () => {
  it('passes when PostgreSQL and Redis accept connections', () => {
    const result = run({});
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('names PostgreSQL, says how to start it, and exits non-zero when it is down', () => {
    const result = run({ DATABASE_URL: 'postgres://postgres@127.0.0.1:9/fxrates_dev' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PostgreSQL is not reachable at 127.0.0.1:9');
    expect(result.stderr).toContain('docker compose up -d postgres redis');
    expect(result.stderr).not.toContain('Redis is not reachable');
  });

  it('names Redis when Redis is down', () => {
    const result = run({ REDIS_URL: 'redis://127.0.0.1:9/0' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Redis is not reachable at 127.0.0.1:9');
  });
});
