import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, type NodeEnv } from './env-schema';

/**
 * Secrets that development and test make for themselves, so that no value of theirs is in the
 * source for anyone to forge tokens with. Production never gets here: it must be given them.
 *
 * Development keeps one file per secret in a git-ignored directory of the checkout, so that every
 * process `npm start` runs (API, worker, stand-ins, CLIs) and every later start use the same ones.
 * Test makes one per process: a test that runs several processes that must agree gives its own.
 */
export interface LocalSecretsOptions {
  /** Where development keeps them; by default `.local/secrets` at the root of the checkout. */
  directory?: string;
  /** Told once, by the process that created them, where they are (never their values). */
  notice?: (line: string) => void;
}

/** 48 random bytes: well beyond the 32 characters the schema asks for, and beyond brute force. */
const newSecret = () => randomBytes(48).toString('base64url');

/** Per process, so that every loadConfig of one test process signs and checks alike. */
const perProcess = new Map<string, string>();

/** The environment with a value for each of `names` it lacks (neither `NAME` nor `NAME_FILE` given). */
export function withLocalSecrets(
  env: NodeJS.ProcessEnv,
  nodeEnv: NodeEnv,
  names: string[],
  options: LocalSecretsOptions = {},
): NodeJS.ProcessEnv {
  const missing = names.filter((name) => !env[name] && !env[`${name}_FILE`]);
  if (nodeEnv === 'production' || missing.length === 0) return env;
  if (nodeEnv === 'test') {
    for (const name of missing) if (!perProcess.has(name)) perProcess.set(name, newSecret());
    return { ...env, ...Object.fromEntries(missing.map((name) => [name, perProcess.get(name)])) };
  }
  const directory = options.directory ?? developmentSecretsDirectory(missing);
  const created: string[] = [];
  const values = Object.fromEntries(
    missing.map((name) => {
      const { value, isNew } = readOrCreate(directory, name);
      if (isNew) created.push(name);
      return [name, value];
    }),
  );
  if (created.length > 0) {
    const notice = options.notice ?? ((line: string) => process.stderr.write(`${line}\n`));
    notice(
      `Generated development secrets ${created.join(', ')} in ${directory} (git-ignored, reused by later ` +
        'starts; delete a file to replace its secret, which signs everyone out or invalidates API keys)',
    );
  }
  return { ...env, ...values };
}

/**
 * Reads the secret, or creates it when absent. Race-safe across processes starting together: the
 * value is written in full to a file of this process's own, then hard-linked into place, which
 * fails if another process got there first; the loser then reads the winner's value.
 */
function readOrCreate(directory: string, name: string): { value: string; isNew: boolean } {
  const file = path.join(directory, name);
  const existing = readIfPresent(file, name);
  if (existing !== undefined) return { value: existing, isNew: false };
  const value = newSecret();
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.draft`;
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    writeFileSync(draft, `${value}\n`, { mode: 0o600, flag: 'wx' });
    linkSync(draft, file);
    return { value, isNew: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return { value: readIfPresent(file, name) ?? cannotKeep(name, directory, error), isNew: false };
    }
    return cannotKeep(name, directory, error);
  } finally {
    if (existsSync(draft)) unlinkSync(draft);
  }
}

function readIfPresent(file: string, name: string): string | undefined {
  let value: string;
  try {
    value = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return cannotKeep(name, path.dirname(file), error);
  }
  return value || cannotKeep(name, path.dirname(file), 'it is empty');
}

function cannotKeep(name: string, directory: string, problem: unknown): never {
  const reason = typeof problem === 'string' ? problem : ((problem as NodeJS.ErrnoException).code ?? 'error');
  throw new ConfigError([
    `${name} is not set and the development secret kept for it in ${directory} cannot be used (${reason}): ` +
      `delete or fix the file, or set ${name} (≥ 32 characters, e.g. \`openssl rand -base64 48\`)`,
  ]);
}

/**
 * `.local/secrets` in the checkout: the nearest directory above this file (in src/ or dist/) whose
 * package.json declares the workspaces.
 */
export function developmentSecretsDirectory(names: string[] = []): string {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) {
      return path.join(dir, '.local', 'secrets');
    }
  }
  throw new ConfigError(
    names.map(
      (name) => `${name} is required: no checkout was found to keep a generated development secret in`,
    ),
  );
}
