import { transformFileSync } from '@swc/core';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';
import { ConfigError } from './env-schema';
import { developmentSecretsDirectory } from './local-secrets';
import { ENV_SCHEMA } from './schema';

const GENERATED = ['JWT_SECRET', 'API_KEY_HASH_SECRET'];

describe('secrets outside production: generated, never in the source', () => {
  let directory: string;
  let notices: string[];
  const development = (env: NodeJS.ProcessEnv = {}) =>
    loadConfig({ NODE_ENV: 'development', ...env }, { directory, notice: (line) => notices.push(line) });

  beforeEach(() => {
    directory = path.join(mkdtempSync(path.join(tmpdir(), 'fxrates-secrets-')), '.local', 'secrets');
    notices = [];
  });
  afterEach(() => rmSync(path.dirname(path.dirname(directory)), { recursive: true, force: true }));

  it('development creates random secrets on first start, readable by the owner only, and says where once', () => {
    const config = development();
    const { jwtSecret } = config.auth;
    const { hashSecret } = config.keys;
    expect(jwtSecret).toMatch(/^[\w-]{64}$/);
    expect(hashSecret).toMatch(/^[\w-]{64}$/);
    expect(hashSecret).not.toBe(jwtSecret);
    expect(readdirSync(directory).sort()).toEqual([...GENERATED].sort());
    expect(readFileSync(path.join(directory, 'JWT_SECRET'), 'utf8').trim()).toBe(jwtSecret);
    expect(readFileSync(path.join(directory, 'API_KEY_HASH_SECRET'), 'utf8').trim()).toBe(hashSecret);
    for (const name of GENERATED) expect(statSync(path.join(directory, name)).mode & 0o777).toBe(0o600);
    expect(statSync(directory).mode & 0o777).toBe(0o700);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(directory);
    expect(notices[0]).not.toContain(jwtSecret);
    expect(notices[0]).not.toContain(hashSecret);
  });

  it('development reuses them on every later start, silently', () => {
    const first = development();
    notices = [];
    const second = development();
    expect(second.auth.jwtSecret).toBe(first.auth.jwtSecret);
    expect(second.keys.hashSecret).toBe(first.keys.hashSecret);
    expect(notices).toEqual([]);
  });

  it('two checkouts never share a secret', () => {
    const first = development();
    directory = `${directory}-other`;
    expect(development().auth.jwtSecret).not.toBe(first.auth.jwtSecret);
  });

  it('makes only the one that is missing', () => {
    const given = 'g'.repeat(40);
    const config = development({ JWT_SECRET: given });
    expect(config.auth.jwtSecret).toBe(given);
    expect(readdirSync(directory)).toEqual(['API_KEY_HASH_SECRET']);
    expect(notices[0]).toMatch(/secrets API_KEY_HASH_SECRET in /);
  });

  it('lets an explicit value or file win, and then writes nothing', () => {
    const fileDir = mkdtempSync(path.join(tmpdir(), 'fxrates-given-'));
    writeFileSync(path.join(fileDir, 'hash'), 'h'.repeat(40));
    const config = development({
      JWT_SECRET: 'j'.repeat(40),
      API_KEY_HASH_SECRET_FILE: path.join(fileDir, 'hash'),
    });
    expect([config.auth.jwtSecret, config.keys.hashSecret]).toEqual(['j'.repeat(40), 'h'.repeat(40)]);
    expect(() => readdirSync(directory)).toThrow(/ENOENT/);
    expect(notices).toEqual([]);
    rmSync(fileDir, { recursive: true });
  });

  it('names the variable and what to do when a kept secret is unusable', () => {
    mkdirSync(directory, { recursive: true });
    writeFileSync(path.join(directory, 'JWT_SECRET'), '\n');
    expect(() => development()).toThrow(ConfigError);
    expect(() => development()).toThrow(
      /JWT_SECRET is not set and the development secret kept for it in .* \(it is empty\): delete or fix the file, or set JWT_SECRET/,
    );
  });

  it('production still refuses to start without its secrets, and generates none', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production' }, { directory, notice: (line) => notices.push(line) }),
    ).toThrow(/JWT_SECRET is required[\s\S]*API_KEY_HASH_SECRET is required/);
    expect(() => readdirSync(directory)).toThrow(/ENOENT/);
    expect(notices).toEqual([]);
  });

  it('never takes a mistyped NODE_ENV for development', () => {
    expect(() => loadConfig({ NODE_ENV: 'prod' }, { directory })).toThrow(
      /NODE_ENV must be one of[\s\S]*JWT_SECRET is required/,
    );
    expect(() => readdirSync(directory)).toThrow(/ENOENT/);
  });

  it('test makes them per process: the same for every load in a process, never a fixed value', async () => {
    const first = loadConfig({ NODE_ENV: 'test' }, { directory });
    expect(loadConfig({ NODE_ENV: 'test' }, { directory }).auth.jwtSecret).toBe(first.auth.jwtSecret);
    expect(first.auth.jwtSecret).toMatch(/^[\w-]{64}$/);
    // A fresh copy of the modules stands for another process.
    let another: typeof first | undefined;
    await jest.isolateModulesAsync(async () => {
      another = (await import('./config')).loadConfig({ NODE_ENV: 'test' });
    });
    expect(another!.auth.jwtSecret).not.toBe(first.auth.jwtSecret);
    expect(another!.keys.hashSecret).not.toBe(first.keys.hashSecret);
    expect(() => readdirSync(directory)).toThrow(/ENOENT/);
  });

  it('leaves no secret with a value in the source for any environment', () => {
    const fixed = Object.entries(ENV_SCHEMA).flatMap(([name, variable]) => {
      if (!variable.secret) return [];
      return (['development', 'test', 'production'] as const).flatMap((env) => {
        const value = typeof variable.default === 'function' ? variable.default(env) : variable.default;
        // Empty turns a feature off; a connection URL's default names a local server, with no password.
        const harmless =
          value === undefined ||
          value === '' ||
          (typeof value === 'string' &&
            URL.canParse(value) &&
            new URL(value).host !== '' &&
            !new URL(value).password);
        return harmless ? [] : [`${name} (${env})`];
      });
    });
    expect(fixed).toEqual([]);
    for (const name of GENERATED) expect(ENV_SCHEMA[name as keyof typeof ENV_SCHEMA].default).toBeUndefined();
  });
});

describe('where development keeps its secrets', () => {
  const root = path.join(__dirname, '../../..');

  it('in the checkout, in a directory neither git nor an image build ever takes', () => {
    const directory = developmentSecretsDirectory();
    expect(directory).toBe(path.join(root, '.local', 'secrets'));
    const ignored = spawnSync(
      'git',
      ['check-ignore', '--no-index', '-q', path.join(directory, 'JWT_SECRET')],
      {
        cwd: root,
      },
    );
    expect(ignored.status).toBe(0);
    expect(readFileSync(path.join(root, '.dockerignore'), 'utf8')).toMatch(/^\.local$/m);
  });
});

describe('development secrets, when several processes start at once', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'fxrates-race-'));
    // The real module, compiled as the build compiles it, so that separate processes can run it.
    for (const file of ['local-secrets', 'env-schema']) {
      const { code } = transformFileSync(path.join(__dirname, `${file}.ts`), {
        swcrc: false,
        module: { type: 'commonjs' },
        jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
      });
      writeFileSync(path.join(work, `${file}.js`), code);
    }
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** One process that waits until `startAt`, then loads the secrets and prints them. */
  function loadInProcess(directory: string, startAt: number): Promise<{ values: object; notices: string[] }> {
    const script = `
      const { withLocalSecrets } = require(${JSON.stringify(path.join(work, 'local-secrets.js'))});
      while (Date.now() < ${startAt});
      const notices = [];
      const env = withLocalSecrets({}, 'development', ['JWT_SECRET', 'API_KEY_HASH_SECRET'], {
        directory: ${JSON.stringify(directory)}, notice: (line) => notices.push(line),
      });
      process.stdout.write(JSON.stringify({ values: env, notices }));`;
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.once('exit', (code) =>
        code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}`)),
      );
    });
  }

  it('all agree on the same secrets, each announced once, by the process that made it', async () => {
    for (let round = 0; round < 3; round++) {
      const directory = path.join(work, `checkout-${round}`, '.local', 'secrets');
      const startAt = Date.now() + 1500;
      const results = await Promise.all(Array.from({ length: 6 }, () => loadInProcess(directory, startAt)));
      const distinct = new Set(results.map((r) => JSON.stringify(r.values)));
      expect(distinct.size).toBe(1);
      const announced = results
        .flatMap((r) => r.notices)
        .flatMap((line) => /secrets (.*) in /.exec(line)![1].split(', '));
      expect(announced.sort()).toEqual(['API_KEY_HASH_SECRET', 'JWT_SECRET']);
      expect(JSON.parse([...distinct][0])).toEqual({
        JWT_SECRET: readFileSync(path.join(directory, 'JWT_SECRET'), 'utf8').trim(),
        API_KEY_HASH_SECRET: readFileSync(path.join(directory, 'API_KEY_HASH_SECRET'), 'utf8').trim(),
      });
      expect(readdirSync(directory).sort()).toEqual(['API_KEY_HASH_SECRET', 'JWT_SECRET']);
    }
    // Three rounds of six Node processes, each round waiting 1.5 s for a common start.
  }, 30_000);
});
