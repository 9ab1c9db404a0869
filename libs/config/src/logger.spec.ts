import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { loadConfig } from './config';
import type { NodeEnv } from './env-schema';
import { ENV_SCHEMA } from './schema';
import { createLogger, type LogFormat } from './logger';

const repoRoot = path.resolve(__dirname, '../../..');

/** What one logger writes, line by line. */
function capture(): DestinationStream & { lines: () => string[] } {
  let written = '';
  return {
    write: (chunk: string) => void (written += chunk),
    lines: () => written.split('\n').filter((line) => line !== ''),
  };
}

function logSome(format: LogFormat): string[] {
  const out = capture();
  const logger = createLogger('info', 'api', out, { format });
  logger.info({ port: 4000 }, 'API listening');
  logger.warn({ req: { headers: { authorization: 'Bearer secret-token' } } }, 'Slow request');
  return out.lines();
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

describe('log format', () => {
  it('is readable lines in development, JSON in production and in tests', () => {
    const options = { directory: '/nonexistent', notice: () => undefined };
    const development = { JWT_SECRET: 'j'.repeat(40), API_KEY_HASH_SECRET: 'h'.repeat(40) };
    expect(loadConfig({ ...development }, options).logFormat).toBe('pretty');
    expect(loadConfig({ ...development, LOG_FORMAT: 'json' }, options).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'test' }, options).logFormat).toBe('json');
    // Production's default, without the connection URLs and secrets a production config requires.
    const byEnv = ENV_SCHEMA.LOG_FORMAT.default as (env: NodeEnv) => string;
    expect(byEnv('production')).toBe('json');
  });

  it('pretty: one human-readable line per entry (time, level, name, message, then fields), no JSON', () => {
    const lines = logSome('pretty');
    expect(lines.filter(isJson)).toEqual([]);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO \(api\): API listening$/);
    expect(lines[1]).toMatch(/^ {4}port: 4000$/);
    expect(lines.join('\n')).toMatch(/WARN \(api\): Slow request/);
    // Redaction happens before formatting: the secret is not in the readable line either.
    expect(lines.join('\n')).toContain('"authorization": "[redacted]"');
    expect(lines.join('\n')).not.toContain('secret-token');
  });

  it('json: every line parses, with the level, name and fields', () => {
    const lines = logSome('json');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ level: 30, name: 'api', port: 4000, msg: 'API listening' });
    expect(entries[1]).toMatchObject({ level: 40, req: { headers: { authorization: '[redacted]' } } });
  });

  it('pretty without pino-pretty installed (a production image): JSON, saying so, instead of failing', () => {
    let lines: string[] = [];
    jest.isolateModules(() => {
      jest.doMock('pino-pretty', () => {
        throw Object.assign(new Error("Cannot find module 'pino-pretty'"), { code: 'MODULE_NOT_FOUND' });
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const isolated = require('./logger') as typeof import('./logger');
      const out = capture();
      isolated.createLogger('info', 'worker', out, { format: 'pretty' }).info('Worker running');
      lines = out.lines();
    });
    const entries = lines.map((line) => JSON.parse(line) as { msg: string });
    expect(entries.map((entry) => entry.msg)).toEqual([
      'LOG_FORMAT=pretty, but pino-pretty (a development dependency) is not installed: logging JSON',
      'Worker running',
    ]);
  });

  it('pino-pretty is a development dependency only: the backend image (production deps) never has it', () => {
    const manifest = (file: string) =>
      JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as {
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
    expect(manifest('package.json').devDependencies?.['pino-pretty']).toMatch(/^\d+\.\d+\.\d+$/);
    const dockerfile = readFileSync(path.join(repoRoot, 'deploy/backend.Dockerfile'), 'utf8');
    const workspaces = [...dockerfile.matchAll(/--workspace=(\S+?)(?=[\s"])/g)].map((match) => match[1]);
    expect(workspaces).toContain('libs/config');
    for (const workspace of [...new Set(workspaces)]) {
      expect([workspace, manifest(`${workspace}/package.json`).dependencies?.['pino-pretty']]).toEqual([
        workspace,
        undefined,
      ]);
    }
    expect(manifest('package.json').dependencies?.['pino-pretty']).toBeUndefined();
  });
});
