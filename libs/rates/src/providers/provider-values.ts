import { RateDecimal } from '../decimal';
import type { ProviderObservation, ProviderRejection } from './provider';

export type RateReading = { rate: RateDecimal } | { reason: string };

/**
 * Reads one rate as the provider wrote it. JSON numbers go through their shortest decimal form
 * (`String(n)`), which is the provider's own digits for any value of up to 15 significant digits.
 */
export function readRate(raw: unknown): RateReading {
  if (raw === undefined || raw === null) return { reason: 'missing' };
  if (typeof raw !== 'number' && typeof raw !== 'string')
    return { reason: `not a number: ${JSON.stringify(raw)}` };
  if (typeof raw === 'number' && !Number.isFinite(raw)) return { reason: `not a number: ${raw}` };
  const text = String(raw).trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text))
    return { reason: `not a number: ${JSON.stringify(raw)}` };
  const rate = new RateDecimal(text);
  if (rate.isZero()) return { reason: 'zero' };
  if (rate.isNegative()) return { reason: `negative: ${text}` };
  // No real currency or asset is priced beyond these (VES per BTC is ~1e7, BTC per SHIB ~1e-10),
  // and past them a rate would print as 1e+400, which JSON clients read as Infinity.
  if (rate.lt(MIN_RATE) || rate.gt(MAX_RATE)) return { reason: `out of range: ${text}` };
  return { rate };
}

const MIN_RATE = new RateDecimal('1e-15');
const MAX_RATE = new RateDecimal('1e15');

/**
 * Collects observations and per-value rejections. `add` takes the raw value as "units of `currency`
 * per 1 `quote`"; `addPrice` takes a price of 1 `currency` in `quote` and inverts it.
 */
export class ObservationList {
  readonly observations: ProviderObservation[] = [];
  readonly rejected: ProviderRejection[] = [];

  constructor(private readonly quote: string) {}

  add(currency: string, raw: unknown, observedAt: string, day: string, invert = false): void {
    const reading = readRate(raw);
    if ('reason' in reading) {
      this.rejected.push({ currency, raw, reason: reading.reason });
      return;
    }
    const rate = invert ? new RateDecimal(1).dividedBy(reading.rate) : reading.rate;
    this.observations.push({ currency, quote: this.quote, rate, observedAt, day });
  }

  addPrice(currency: string, raw: unknown, observedAt: string, day: string): void {
    this.add(currency, raw, observedAt, day, true);
  }
}

export const dayOf = (iso: string) => iso.slice(0, 10);

export type TimeReading = { iso: string } | { reason: string };

/** Earlier than any rate a provider serves today: a time before it is a unit or parsing mistake. */
const EARLIEST_TIME = Date.parse('2000-01-01T00:00:00Z');
/** How far ahead of our clock a provider's clock may run before its time is refused. */
export const MAX_CLOCK_AHEAD_MS = 5 * 60_000;

/**
 * Reads the time a provider gives a value: Unix seconds (a number) or an ISO 8601 string. A time
 * that is unreadable, before 2000 or more than five minutes ahead of our clock is refused: the newest
 * value wins, so one dated in the future would hold out every correct value after it.
 */
export function readTime(raw: unknown, now: number): TimeReading {
  const ms =
    typeof raw === 'number' ? raw * 1000 : typeof raw === 'string' && raw.trim() ? Date.parse(raw) : NaN;
  if (!Number.isFinite(ms)) return { reason: `unreadable time: ${JSON.stringify(raw)}` };
  if (ms < EARLIEST_TIME || ms > now + MAX_CLOCK_AHEAD_MS) {
    return { reason: `implausible time: ${JSON.stringify(raw)}` };
  }
  return { iso: new Date(ms).toISOString() };
}
