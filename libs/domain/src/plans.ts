import type { PlanId } from './api-types';
import { findCurrency } from './catalogue';

/** Public API endpoints a plan may call (decisions.md, Plans). */
export type PublicEndpoint =
  'latest' | 'rate' | 'convert' | 'historical' | 'timeseries' | 'fluctuation' | 'stream';

export interface PlanLimits {
  id: PlanId;
  name: string;
  /** Metered calls per calendar month (UTC). */
  monthlyQuota: number;
  /** Metered calls per second. */
  burstPerSecond: number;
  /** Newest data older than this is flagged `stale: true`. */
  freshnessMs: number;
  currencies: 'featured-fiat' | 'fiat-and-featured-crypto' | 'fiat-and-crypto' | 'all';
  endpoints: readonly PublicEndpoint[];
}

const BASE_ENDPOINTS: readonly PublicEndpoint[] = ['latest', 'rate', 'convert'];
const MINUTE = 60_000;

export const PLANS: Record<PlanId, PlanLimits> = {
  free: {
    id: 'free',
    name: 'Free',
    monthlyQuota: 1_000,
    burstPerSecond: 2,
    freshnessMs: 24 * 60 * MINUTE,
    currencies: 'featured-fiat',
    endpoints: BASE_ENDPOINTS,
  },
  basic: {
    id: 'basic',
    name: 'Basic',
    monthlyQuota: 10_000,
    burstPerSecond: 10,
    freshnessMs: 60 * MINUTE,
    currencies: 'fiat-and-featured-crypto',
    endpoints: [...BASE_ENDPOINTS, 'historical'],
  },
  professional: {
    id: 'professional',
    name: 'Professional',
    monthlyQuota: 100_000,
    burstPerSecond: 50,
    freshnessMs: 10 * MINUTE,
    currencies: 'fiat-and-crypto',
    endpoints: [...BASE_ENDPOINTS, 'historical', 'timeseries', 'fluctuation', 'stream'],
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyQuota: 500_000,
    burstPerSecond: 200,
    freshnessMs: MINUTE,
    currencies: 'all',
    endpoints: [...BASE_ENDPOINTS, 'historical', 'timeseries', 'fluctuation', 'stream'],
  },
};

const PLAN_ORDER: readonly PlanId[] = ['free', 'basic', 'professional', 'enterprise'];

/** Whether a plan may use a currency. Codes outside the catalogue are the wider set (non-featured). */
export function planAllowsCurrency(plan: PlanId, code: string): boolean {
  const currency = findCurrency(code);
  switch (PLANS[plan].currencies) {
    case 'featured-fiat':
      return currency?.type === 'fiat' && currency.featured;
    case 'fiat-and-featured-crypto':
      // Metals come with Basic (issue 31): Free keeps to the spec's 14 fiat.
      return (
        currency?.type === 'fiat' ||
        currency?.type === 'metal' ||
        (currency?.type === 'crypto' && currency.featured)
      );
    case 'fiat-and-crypto':
    case 'all':
      return true;
  }
}

/** The cheapest plan that unlocks a currency or an endpoint, for a 403's "upgrade to" hint. */
export function cheapestPlanAllowing(test: (plan: PlanId) => boolean): PlanId | undefined {
  return PLAN_ORDER.find(test);
}

/** Every plan's limits with operator overrides of monthly quota and burst (PLAN_LIMITS) applied. */
export function plansWithOverrides(
  overrides: Partial<Record<string, Pick<PlanLimits, 'monthlyQuota' | 'burstPerSecond'>>>,
): Record<PlanId, PlanLimits> {
  return Object.fromEntries(
    (Object.keys(PLANS) as PlanId[]).map((id) => [id, { ...PLANS[id], ...overrides[id] }]),
  ) as Record<PlanId, PlanLimits>;
}
