import { readFileSync } from 'node:fs';

/**
 * A small declarative schema for environment variables: each variable has a parser, an optional
 * development default and a secret flag. Parsing collects every problem and reports them in one
 * line per variable, naming the variable. A secret may also come from a file named by
 * `<NAME>_FILE` (Docker and Kubernetes secrets).
 */
export interface EnvVar<T> {
  description: string;
  parse(raw: string): T;
  /**
   * Used when the variable is unset. A function gets the NODE_ENV so production can refuse, and the
   * raw environment for a variable that another one makes optional (RECAPTCHA_SECRET).
   */
  default?: T | ((nodeEnv: NodeEnv, env?: NodeJS.ProcessEnv) => T | undefined);
  secret?: boolean;
  /**
   * A random value is made when it is unset, outside production only (local-secrets.ts), so that no
   * value of it is ever in the source. Such a variable has no default.
   */
  generated?: boolean;
  /** The default as docs/configuration.md states it, where the value depends on the machine. */
  documentedDefault?: string;
}

export type NodeEnv = 'development' | 'test' | 'production';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const str = (
  options: Omit<EnvVar<string>, 'parse'> & { pattern?: RegExp; hint?: string },
): EnvVar<string> => ({
  ...options,
  parse(raw) {
    if (raw.trim() === '') throw new Error('must not be empty');
    if (options.pattern && !options.pattern.test(raw))
      throw new Error(options.hint ?? `must match ${options.pattern}`);
    return raw;
  },
});

export const int = (
  options: Omit<EnvVar<number>, 'parse'> & { min?: number; max?: number },
): EnvVar<number> => ({
  ...options,
  parse(raw) {
    if (!/^-?\d+$/.test(raw.trim())) throw new Error(`must be an integer, got "${raw}"`);
    const value = Number(raw);
    if (options.min !== undefined && value < options.min)
      throw new Error(`must be ≥ ${options.min}, got ${value}`);
    if (options.max !== undefined && value > options.max)
      throw new Error(`must be ≤ ${options.max}, got ${value}`);
    return value;
  },
});

export const fraction = (options: Omit<EnvVar<number>, 'parse'>): EnvVar<number> => ({
  ...options,
  parse(raw) {
    const value = Number(raw);
    if (!/^\d*\.?\d+$/.test(raw.trim()) || value < 0 || value > 1) {
      throw new Error(`must be a number from 0 to 1, got "${raw}"`);
    }
    return value;
  },
});

export const bool = (options: Omit<EnvVar<boolean>, 'parse'>): EnvVar<boolean> => ({
  ...options,
  parse(raw) {
    const value = raw.trim().toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(value)) return true;
    if (['0', 'false', 'no', 'off'].includes(value)) return false;
    throw new Error(`must be true or false, got "${raw}"`);
  },
});

export const oneOf = <T extends string>(
  values: readonly T[],
  options: Omit<EnvVar<T>, 'parse'>,
): EnvVar<T> => ({
  ...options,
  parse(raw) {
    if (!values.includes(raw as T)) throw new Error(`must be one of ${values.join(', ')}, got "${raw}"`);
    return raw as T;
  },
});

export const url = (options: Omit<EnvVar<string>, 'parse'> & { protocols: string[] }): EnvVar<string> => ({
  ...options,
  parse(raw) {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new Error('must be a URL');
    }
    if (!options.protocols.includes(parsed.protocol)) {
      throw new Error(`must use ${options.protocols.join(' or ')}, got ${parsed.protocol}`);
    }
    return raw;
  },
});

function commaSeparated(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Per-plan limit overrides: "enterprise=1000000:500,free=2000:5" (monthly quota:burst per second). */
export interface PlanLimitOverride {
  monthlyQuota: number;
  burstPerSecond: number;
}

export const planLimits = (
  options: Omit<EnvVar<Record<string, PlanLimitOverride>>, 'parse'> & { plans: readonly string[] },
): EnvVar<Record<string, PlanLimitOverride>> => ({
  ...options,
  parse(raw) {
    const result: Record<string, PlanLimitOverride> = {};
    for (const entry of commaSeparated(raw)) {
      const match = /^([a-z]+)=(\d+):(\d+)$/.exec(entry);
      if (!match || !options.plans.includes(match[1]) || Number(match[2]) < 1 || Number(match[3]) < 1) {
        throw new Error(
          `must be entries like "enterprise=1000000:500" (plan=monthly quota:burst per second; plans ${options.plans.join(', ')}), got "${entry}"`,
        );
      }
      result[match[1]] = { monthlyQuota: Number(match[2]), burstPerSecond: Number(match[3]) };
    }
    return result;
  },
});

/** Named values: "basic.monthly=P-1AB,basic.annual=P-2CD"; only the given names, each at most once. */
export const namedValues = (
  options: Omit<EnvVar<Record<string, string>>, 'parse'> & { names: readonly string[]; value: RegExp },
): EnvVar<Record<string, string>> => ({
  ...options,
  parse(raw) {
    const result: Record<string, string> = {};
    for (const entry of commaSeparated(raw)) {
      const [name, value = ''] = entry.split('=', 2).map((part) => part.trim());
      if (!options.names.includes(name) || !options.value.test(value) || name in result) {
        throw new Error(
          `must be entries like "${options.names[0]}=<id>" (names ${options.names.join(', ')}, each once), got "${entry}"`,
        );
      }
      result[name] = value;
    }
    return result;
  },
});

export const list = (options: Omit<EnvVar<string[]>, 'parse'>): EnvVar<string[]> => ({
  ...options,
  parse(raw) {
    return commaSeparated(raw);
  },
});

/**
 * A comma-separated subset of `values`, each at most once; `none` for the empty set (an empty
 * variable, like an unset one, means the default).
 */
export const members = <T extends string>(
  values: readonly T[],
  options: Omit<EnvVar<T[]>, 'parse'>,
): EnvVar<T[]> => ({
  ...options,
  parse(raw) {
    if (raw.trim() === 'none') return [];
    const items = commaSeparated(raw);
    const unknown = items.filter((item) => !values.includes(item as T));
    if (unknown.length > 0 || new Set(items).size !== items.length) {
      throw new Error(`must be a comma-separated list of ${values.join(', ')}, each once, got "${raw}"`);
    }
    return items as T[];
  },
});

export type Schema = Record<string, EnvVar<unknown>>;
export type Parsed<S extends Schema> = { [K in keyof S]: S[K] extends EnvVar<infer T> ? T : never };

export function parseEnv<S extends Schema>(schema: S, env: NodeJS.ProcessEnv, nodeEnv: NodeEnv): Parsed<S> {
  const problems: string[] = [];
  const result: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(schema)) {
    let raw = env[name];
    const file = env[`${name}_FILE`];
    if (variable.secret && (raw === undefined || raw === '') && file) {
      try {
        raw = readFileSync(file, 'utf8').trim();
      } catch (error) {
        problems.push(
          `${name}_FILE cannot be read: ${(error as NodeJS.ErrnoException).code ?? 'error'} (${file})`,
        );
        continue;
      }
    }
    if (raw === undefined || raw === '') {
      const fallback =
        typeof variable.default === 'function'
          ? (variable.default as (e: NodeEnv, raw: NodeJS.ProcessEnv) => unknown)(nodeEnv, env)
          : variable.default;
      if (fallback === undefined) {
        problems.push(`${name} is required (${variable.description})`);
      } else {
        result[name] = fallback;
      }
      continue;
    }
    try {
      result[name] = variable.parse(raw);
    } catch (error) {
      const shown = variable.secret ? '' : ` (${variable.description})`;
      problems.push(`${name} ${(error as Error).message}${shown}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return result as Parsed<S>;
}
