import { parseArgs } from 'node:util';

export interface SoakOptions {
  /** How long the load runs. */
  durationSeconds: number;
  /** Requests started per second, whatever their latency (open loop). */
  rate: number;
  /** Width of one row of the report: a minute, or 10 s for runs shorter than 5 minutes. */
  bucketSeconds: number;
  /** The start of the run that the RSS criterion leaves out: caches fill, the JIT settles. */
  warmUpSeconds: number;
  /** How often each process's RSS is read. */
  rssSampleSeconds: number;
  /** p99 flat: the last bucket's p99 may be this many times the median of the buckets' p99s… */
  p99Factor: number;
  /** …or this many milliseconds above it, whichever is larger (soak-verdict.ts). */
  p99FloorMs: number;
  /** Where report.json, report.md and chart.svg go (a new folder per run). */
  outDir: string;
}

/**
 * The default rate: ~10 % of one core's worth of metered calls on the 2-core CI machine, where the
 * two databases, six Node processes and this load generator share the cores. At 200 req/s the cluster
 * used ~45 % of the machine (docs/reliability-soak.md): headroom for the other tests that run beside it.
 */
export const DEFAULT_RATE = 200;
export const DEFAULT_MINUTES = 10;

/**
 * The shape of a run of `seconds`: minute rows when there are enough of them, 10-second rows else.
 * A 10-second row's p99 is its 20th-worst answer at 200 req/s: one hiccup of the shared machine
 * moves it by hundreds of milliseconds (measured: 60 → 640 → 60 ms in consecutive rows while a
 * benchmark ran beside it), so a short run flags only a gross rise; a minute's p99 (120th worst)
 * is steadier and is held to 1.5×.
 */
export function soakShape(
  seconds: number,
): Pick<SoakOptions, 'bucketSeconds' | 'warmUpSeconds' | 'rssSampleSeconds' | 'p99Factor' | 'p99FloorMs'> {
  return seconds >= 300
    ? { bucketSeconds: 60, warmUpSeconds: 60, rssSampleSeconds: 5, p99Factor: 1.5, p99FloorMs: 25 }
    : { bucketSeconds: 10, warmUpSeconds: 20, rssSampleSeconds: 2, p99Factor: 3, p99FloorMs: 100 };
}

export function soakOptions(durationSeconds: number, rate: number, outDir: string): SoakOptions {
  return { durationSeconds, rate, outDir, ...soakShape(durationSeconds) };
}

const USAGE = `Usage: npm run soak -- [--minutes N] [--seconds N] [--rate R] [--out DIR]
  --minutes N   how long the fixed-rate load runs (default ${DEFAULT_MINUTES})
  --seconds N   the same in seconds, for short runs (overrides --minutes)
  --rate R      requests started per second, whatever their latency (default ${DEFAULT_RATE})
  --out DIR     report folder (default artifacts/soak/<timestamp>)`;

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} must be a positive number, not "${raw}".\n\n${USAGE}`);
  return value;
}

/** The command line of `npm run soak`, or throws with the usage. */
export function parseSoakArgs(argv: string[], defaultOutDir: string): SoakOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      minutes: { type: 'string' },
      seconds: { type: 'string' },
      rate: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const seconds =
    values.seconds !== undefined
      ? positive('seconds', values.seconds, 0)
      : positive('minutes', values.minutes, DEFAULT_MINUTES) * 60;
  return soakOptions(
    Math.round(seconds),
    positive('rate', values.rate, DEFAULT_RATE),
    values.out ?? defaultOutDir,
  );
}

export { USAGE as SOAK_USAGE };
