import { GENERATOR_ROLE, median, type Bucket } from './soak-recorder';

/** The growth of RSS, from the end of the warm-up to the last bucket, that fails a process. */
export const MAX_RSS_GROWTH = 0.1;

export interface Check {
  name: string;
  pass: boolean;
  detail: string;
}

export interface Verdict {
  pass: boolean;
  checks: Check[];
}

export interface VerdictInput {
  buckets: Bucket[];
  /** Buckets of the warm-up: the RSS baseline is the last of them. */
  warmUpBuckets: number;
  p99Factor: number;
  p99FloorMs: number;
  totalErrors: number;
  errorsByReason: Record<string, number>;
  processExits: string[];
  contactAccepted: number;
  contactMailed: number;
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

/**
 * Pass or fail of a soak (docs/reliability-soak.md says why these thresholds):
 * - no errors: every response was 2xx or a refusal the mix asked for; no connection error, no timeout;
 * - no process exited, and every accepted contact message reached the SMTP sink;
 * - RSS: each process's last bucket within +10 % of the last bucket of the warm-up (bucket medians: a
 *   few samples at the warm-up's end would catch a collection's trough, 132 MB against a 159 MB median);
 * - p99 flat: the last bucket's p99 ≤ max(factor × median, median + floor), the median taken over
 *   the buckets after the warm-up (1.5× and 25 ms with minute buckets; soakShape).
 */
export function judgeSoak(input: VerdictInput): Verdict {
  const checks: Check[] = [];
  const reasons = Object.entries(input.errorsByReason)
    .sort(([, a], [, b]) => b - a)
    .map(([reason, n]) => `${n}× ${reason}`);
  checks.push({
    name: 'zero errors',
    pass: input.totalErrors === 0,
    detail:
      input.totalErrors === 0
        ? 'no unexpected status, connection error or timeout'
        : reasons.slice(0, 10).join('; '),
  });
  checks.push({
    name: 'every process stayed up',
    pass: input.processExits.length === 0,
    detail: input.processExits.length === 0 ? 'no process exited' : input.processExits.join('; '),
  });
  checks.push({
    name: 'every contact message mailed',
    pass: input.contactMailed >= input.contactAccepted,
    detail: `${input.contactAccepted} accepted, ${input.contactMailed} received by the SMTP sink`,
  });

  const measured = input.buckets.filter((b) => b.requests > 0);
  const baselineBucket = measured[Math.min(measured.length, input.warmUpBuckets) - 1];
  const lastBucket = measured[measured.length - 1];
  if (!baselineBucket || !lastBucket || baselineBucket === lastBucket) {
    checks.push({
      name: 'RSS growth < 10 %',
      pass: false,
      detail: 'the run is too short to judge: no bucket after the warm-up',
    });
  } else {
    const growths = lastBucket.processes
      .filter((p) => p.role !== GENERATOR_ROLE)
      .map((p) => {
        const before = baselineBucket.processes.find((q) => q.name === p.name)?.rssBytes ?? null;
        if (before === null || p.rssBytes === null)
          return { name: p.name, growth: Infinity, text: `${p.name}: no RSS sample` };
        const growth = p.rssBytes / before - 1;
        return {
          name: p.name,
          growth,
          text: `${p.name} ${mb(before)} → ${mb(p.rssBytes)} (${(growth * 100).toFixed(1)} %)`,
        };
      });
    const failing = growths.filter((g) => !(g.growth < MAX_RSS_GROWTH));
    checks.push({
      name: 'RSS growth < 10 %',
      pass: failing.length === 0 && growths.length > 0,
      detail: (failing.length ? failing : growths).map((g) => g.text).join('; '),
    });
  }

  const afterWarmUp = measured
    .slice(input.warmUpBuckets)
    .map((b) => b.p99Ms)
    .filter((v): v is number => v !== null);
  const lastP99 = lastBucket?.p99Ms ?? null;
  const typical = median(afterWarmUp);
  if (typical === null || lastP99 === null) {
    checks.push({ name: 'p99 flat', pass: false, detail: 'no latency measured after the warm-up' });
  } else {
    const limit = Math.max(input.p99Factor * typical, typical + input.p99FloorMs);
    checks.push({
      name: 'p99 flat',
      pass: lastP99 <= limit,
      detail: `last p99 ${lastP99.toFixed(1)} ms, limit ${limit.toFixed(1)} ms (median p99 after the warm-up ${typical.toFixed(1)} ms)`,
    });
  }
  return { pass: checks.every((c) => c.pass), checks };
}
