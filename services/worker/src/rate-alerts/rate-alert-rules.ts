import type { RateAlertCondition } from '@fxrates/domain';
import { RateDecimal } from '@fxrates/rates';

/** What an evaluation needs of an alert. Decimals as strings, as stored. */
export interface AlertRule {
  condition: RateAlertCondition;
  level: string | null;
  changePercent: string | null;
  hysteresisPercent: string;
  cooldownMinutes: number;
  state: 'armed' | 'triggered';
  lastTriggeredAt: Date | null;
}

export type AlertDecision = 'fire' | 'rearm' | 'none';

const HUNDRED = new RateDecimal(100);

/** The move from `previous` to `rate`, in percent of `previous`, either direction (never negative). */
export function changePercentOf(previous: RateDecimal, rate: RateDecimal): RateDecimal {
  return rate.minus(previous).abs().div(previous).times(HUNDRED);
}

/**
 * Whether the rule's condition holds for `rate` (and `previous`, the rate a window before, for
 * `change`), and whether the rate is back past the hysteresis, in exact decimals:
 * - above: holds when rate > level; back past it when rate ≤ level × (1 − h/100);
 * - below: holds when rate < level; back past it when rate ≥ level × (1 + h/100);
 * - change: holds when |rate − previous| / previous ≥ N %; back past it when the move is under
 *   N × (1 − h/100) %. Without `previous` (not enough history yet) neither holds.
 */
function judge(
  rule: AlertRule,
  rate: RateDecimal,
  previous: RateDecimal | null,
): { holds: boolean; pastBand: boolean } {
  const h = new RateDecimal(rule.hysteresisPercent).div(HUNDRED);
  if (rule.condition === 'change') {
    if (!previous || previous.isZero() || rule.changePercent === null)
      return { holds: false, pastBand: false };
    const moved = changePercentOf(previous, rate);
    const threshold = new RateDecimal(rule.changePercent);
    return { holds: moved.gte(threshold), pastBand: moved.lt(threshold.times(new RateDecimal(1).minus(h))) };
  }
  const level = new RateDecimal(rule.level ?? '0');
  if (rule.condition === 'above') {
    return { holds: rate.gt(level), pastBand: rate.lte(level.times(new RateDecimal(1).minus(h))) };
  }
  return { holds: rate.lt(level), pastBand: rate.gte(level.times(new RateDecimal(1).plus(h))) };
}

/** Whether the cooldown since the last firing has passed at `at`. */
export function cooledDown(rule: Pick<AlertRule, 'cooldownMinutes' | 'lastTriggeredAt'>, at: Date): boolean {
  if (!rule.lastTriggeredAt) return true;
  return at.getTime() - rule.lastTriggeredAt.getTime() >= rule.cooldownMinutes * 60_000;
}

/**
 * What a published rate does to an alert: an armed one whose condition holds fires, unless its
 * cooldown has not passed (it stays armed and fires on a later publish if the condition still
 * holds); a triggered one re-arms once the rate is back past the hysteresis. It fires once per
 * crossing: a triggered alert stays triggered however far the rate goes on.
 */
export function decide(
  rule: AlertRule,
  rate: RateDecimal,
  previous: RateDecimal | null,
  at: Date,
): AlertDecision {
  const { holds, pastBand } = judge(rule, rate, previous);
  if (rule.state === 'armed') return holds && cooledDown(rule, at) ? 'fire' : 'none';
  return pastBand ? 'rearm' : 'none';
}
