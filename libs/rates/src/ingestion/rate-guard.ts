import { findCurrency, type CurrencyType } from '@fxrates/domain';
import type { GoodValue } from './good-value';
import type { RebasedObservation } from './rebase';

/**
 * The largest believable move against the last good value: 25 % for fiat (a devaluation), 50 % for
 * crypto, 10 % for metals. Gold's and platinum's worst days in decades stay near 10 %, so a bigger
 * move is far likelier a bad value than a market: a per-gram price read as per ounce (a factor
 * 31.1), a kilogram's (32 150), an inverted quote, a token's price. Silver has moved more in a day a
 * few times; JUMP_CONFIRMATIONS agreeing readings let such a real move in.
 */
export const MAX_JUMP: Record<CurrencyType, number> = { fiat: 0.25, crypto: 0.5, metal: 0.1 };

/**
 * A reference older than this says nothing about today's value (fiat and metals, closed at weekends,
 * cover a long weekend).
 */
export const REFERENCE_MAX_AGE_MS: Record<CurrencyType, number> = {
  fiat: 4 * 86_400_000,
  crypto: 86_400_000,
  metal: 4 * 86_400_000,
};

/** The outlier class of a currency: its catalogue type, fiat for a code outside the catalogue. */
export function outlierClassOf(currency: string): CurrencyType {
  return findCurrency(currency)?.type ?? 'fiat';
}

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

  const kind = outlierClassOf(currency);
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
