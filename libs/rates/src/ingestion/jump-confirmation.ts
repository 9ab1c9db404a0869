import type { CurrencyType } from '@fxrates/domain';
import { RateDecimal } from '../decimal';
import { outlierClassOf } from './rate-guard';
import type { RebasedObservation } from './rebase';

/**
 * A move the jump guard refused, waiting to be confirmed: a real devaluation must not freeze the
 * old rate in service, and a one-off bad value must not get in.
 */
export interface PendingJump {
  /** The last refused value, per USD, as text. */
  perUsd: string;
  /** Its provider timestamp: only a newer reading counts again. */
  observedAt: string;
  /** How many consecutive refused readings agreed with each other. */
  readings: number;
}

/** Readings in a row that a jump needs before it is believed. */
export const JUMP_CONFIRMATIONS = 3;
/**
 * How close two readings must be to count as the same move: 2 % for fiat, 5 % for crypto, 3 % for
 * metals, whose minute-to-minute swings after a real crash are wider than a currency's and far
 * narrower than a token's.
 */
export const CONFIRMATION_TOLERANCE: Record<CurrencyType, number> = { fiat: 0.02, crypto: 0.05, metal: 0.03 };

/**
 * Folds a refused jump into its pending candidate: one more reading when it is newer than the last
 * and agrees with it, else a new candidate. `confirmed` once JUMP_CONFIRMATIONS readings agree.
 */
export function confirmJump(
  pending: PendingJump | undefined,
  observation: RebasedObservation,
): { pending: PendingJump; confirmed: boolean } {
  const tolerance = CONFIRMATION_TOLERANCE[outlierClassOf(observation.currency)];
  const same =
    pending !== undefined &&
    observation.perUsd.minus(pending.perUsd).abs().div(new RateDecimal(pending.perUsd)).lte(tolerance);
  const newer = pending !== undefined && Date.parse(observation.observedAt) > Date.parse(pending.observedAt);
  const readings = same ? (newer ? pending.readings + 1 : pending.readings) : 1;
  return {
    pending: { perUsd: observation.perUsd.toString(), observedAt: observation.observedAt, readings },
    confirmed: readings >= JUMP_CONFIRMATIONS,
  };
}
