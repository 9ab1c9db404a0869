import { isCrypto } from '@fxrates/domain';
import type { GoodValue } from './good-value';
import type { RebasedObservation } from './rebase';

/** The largest believable move against the last good value: 25 % for fiat, 50 % for crypto. */
export const MAX_JUMP = { fiat: 0.25, crypto: 0.5 } as const;

/** A reference older than this says nothing about today's value (fiat covers a long weekend). */
export const REFERENCE_MAX_AGE_MS = { fiat: 4 * 86_400_000, crypto: 86_400_000 } as const;

/** How far ahead of our clock a provider's timestamp may be. */
const CLOCK_SKEW_MS = 5 * 60_000;

export type RejectionReason = 'not-positive' | 'future-timestamp' | 'jump';

export type Verdict =
  | { accepted: true }
  | { accepted: false; ignored: true; reason: 'not-newer' }
  | { accepted: false; ignored: false; reason: RejectionReason; detail: string };

/**
 * Judges one incoming value. `own` is this provider's last good value, `other` the value currently
 * in service from any source, `recorded` the newest value in `rate_history` from any source (kept in
 * PostgreSQL, so it still stands when Redis has lost the other two); the jump check compares with
 * the first of them that is recent enough.
 */
export function judgeValue(
  observation: RebasedObservation,
  references: { own?: GoodValue; other?: GoodValue; recorded?: GoodValue },
  now: number,
): Verdict {
  const { currency, perUsd } = observation;
  if (!perUsd.isFinite() || !perUsd.gt(0)) {
    return { accepted: false, ignored: false, reason: 'not-positive', detail: `rate ${perUsd.toString()}` };
  }
  const observedAt = Date.parse(observation.observedAt);
  if (!Number.isFinite(observedAt) || observedAt > now + CLOCK_SKEW_MS) {
    return {
      accepted: false,
      ignored: false,
      reason: 'future-timestamp',
      detail: `timestamp ${observation.observedAt} is not a past instant`,
    };
  }
  const own = references.own;
  if (own && Date.parse(own.observedAt) > observedAt)
    return { accepted: false, ignored: true, reason: 'not-newer' };

  const kind = isCrypto(currency) ? 'crypto' : 'fiat';
  const reference = [own, references.other, references.recorded].find(
    (candidate): candidate is GoodValue =>
      candidate !== undefined && observedAt - Date.parse(candidate.observedAt) <= REFERENCE_MAX_AGE_MS[kind],
  );
  if (reference) {
    const change = perUsd.minus(reference.perUsd).abs().div(reference.perUsd);
    if (change.gt(MAX_JUMP[kind])) {
      const percent = change.times(100).toDecimalPlaces(1).toString();
      return {
        accepted: false,
        ignored: false,
        reason: 'jump',
        detail: `moved ${percent}% against ${reference.perUsd.toString()} of ${reference.observedAt} (limit ${MAX_JUMP[kind] * 100}%)`,
      };
    }
  }
  return { accepted: true };
}
