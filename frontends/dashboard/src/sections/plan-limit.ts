import { formatCount } from '@fxrates/web-kit';

/**
 * How much of a plan's allowance a list uses, "2 of 3 endpoints": the noun singular only when the
 * plan allows one ("0 of 1 endpoint").
 */
export function limitText(used: number, limit: number, noun: { one: string; many: string }): string {
  return `${formatCount(used)} of ${formatCount(limit)} ${limit === 1 ? noun.one : noun.many}`;
}

/** True when the plan allows no more: the add button is off and says why. */
export function atLimit(used: number, limit: number): boolean {
  return used >= limit;
}
