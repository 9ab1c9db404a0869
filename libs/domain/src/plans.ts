import type { PlanBars } from './bars';
import { findCurrency } from './catalogue';

/** Public API endpoints a plan may call (docs/decisions.md, Plans). */
export type PublicEndpoint =
  | 'latest'
  | 'rate'
  | 'convert'
  | 'historical'
  | 'timeseries'
  | 'fluctuation'
  | 'stream'
  | 'ohlc'
  | 'average'
  | 'convert-batch'
  | 'fixings';

/** What a plan charges through PayPal, in US cents (the annual figure is the yearly total). */
export interface PlanPrice {
  monthly: number;
  annual: number;
  /** "Per month billed annually" on the pricing cards; displayed only, never charged. */
  annualPerMonthDisplay: number;
}

/** Everything the product says about one plan; every other list of plans is derived from PLANS. */
export interface PlanDefinition {
  name: string;
  /** Metered calls per calendar month (UTC). */
  monthlyQuota: number;
  /** Metered calls per second. */
  burstPerSecond: number;
  /** Newest data older than this is flagged `stale: true`. */
  freshnessMs: number;
  currencies: 'featured-fiat' | 'fiat-and-featured-crypto' | 'fiat-and-crypto' | 'all';
  endpoints: readonly PublicEndpoint[];
  /** Concurrent rate streams per user unless STREAM_LIMITS says otherwise; null: none. */
  defaultStreams: number | null;
  /** Webhook endpoints an account may register (issue "Rates that come to you"). */
  webhookEndpoints: number;
  /** Rate alerts (thresholds and changes) an account may keep at once. */
  rateAlerts: number;
  /** Intraday bars (`ohlc`): the intervals and look-back the plan reads; null: none. */
  bars: PlanBars | null;
  /** Null for a plan nobody pays for: it is never sold through PayPal. */
  price: PlanPrice | null;
  /** The pricing card's feature lines, its first the monthly quota as the card words it. */
  features: readonly string[];
  mostPopular?: true;
}

const BASE_ENDPOINTS = ['latest', 'rate', 'convert'] as const;
const ALL_ENDPOINTS = [
  ...BASE_ENDPOINTS,
  'historical',
  'timeseries',
  'fluctuation',
  'stream',
  'ohlc',
  'average',
  'convert-batch',
  'fixings',
] as const;
const MINUTE = 60_000;

/**
 * Every plan, cheapest first: this order is the tier order of upgrades and downgrades, of the
 * pricing cards, of the status page and of every plan list in the config and the OpenAPI document.
 */
const PLAN_TABLE = {
  free: {
    name: 'Free',
    monthlyQuota: 1_000,
    burstPerSecond: 2,
    freshnessMs: 24 * 60 * MINUTE,
    currencies: 'featured-fiat',
    endpoints: BASE_ENDPOINTS,
    defaultStreams: null,
    webhookEndpoints: 1,
    rateAlerts: 3,
    bars: null,
    price: null,
    features: ['1000 requests/month', 'Basic pairs', 'No support'],
  },
  basic: {
    name: 'Basic',
    monthlyQuota: 10_000,
    burstPerSecond: 10,
    freshnessMs: 60 * MINUTE,
    currencies: 'fiat-and-featured-crypto',
    endpoints: [...BASE_ENDPOINTS, 'historical', 'convert-batch', 'fixings'],
    defaultStreams: null,
    webhookEndpoints: 3,
    rateAlerts: 10,
    bars: null,
    price: { monthly: 1599, annual: 16788, annualPerMonthDisplay: 1399 },
    features: ['10,000 requests/month', 'All pairs and top crypto', 'Email support'],
    mostPopular: true,
  },
  professional: {
    name: 'Professional',
    monthlyQuota: 100_000,
    burstPerSecond: 50,
    freshnessMs: 10 * MINUTE,
    currencies: 'fiat-and-crypto',
    endpoints: ALL_ENDPOINTS,
    defaultStreams: 5,
    webhookEndpoints: 10,
    rateAlerts: 50,
    bars: { intervals: ['5m', '1h', '1d'], lookbackDays: 366 },
    price: { monthly: 5999, annual: 63588, annualPerMonthDisplay: 5299 },
    features: ['100,000 requests/month', 'Superior burst rates', 'Email support'],
  },
  enterprise: {
    name: 'Enterprise',
    monthlyQuota: 500_000,
    burstPerSecond: 200,
    freshnessMs: MINUTE,
    currencies: 'all',
    endpoints: ALL_ENDPOINTS,
    defaultStreams: 50,
    webhookEndpoints: 25,
    rateAlerts: 200,
    bars: { intervals: ['1m', '5m', '1h', '1d'], lookbackDays: 366 },
    price: { monthly: 9999, annual: 101988, annualPerMonthDisplay: 8499 },
    features: ['500,000 requests/month', 'All features', 'Priority support'],
  },
} as const satisfies Record<string, PlanDefinition>;

/** Plans a user can hold (decisions.md, Plans). */
export type PlanId = keyof typeof PLAN_TABLE;

/** Every plan id, cheapest first. */
export const PLAN_IDS = Object.keys(PLAN_TABLE) as readonly PlanId[];

/** The most a user can buy: past it there is only a conversation about a custom quota. */
export const HIGHEST_PLAN: PlanId = PLAN_IDS[PLAN_IDS.length - 1];

/** Plans sold through PayPal: those with a price. */
export type PaidPlanId = {
  [P in PlanId]: (typeof PLAN_TABLE)[P]['price'] extends null ? never : P;
}[PlanId];

/** A plan's limits as metering, gating and freshness read them. */
export interface PlanLimits extends Pick<
  PlanDefinition,
  'name' | 'monthlyQuota' | 'burstPerSecond' | 'freshnessMs' | 'currencies' | 'endpoints'
> {
  id: PlanId;
}

/** The table with each plan's id in its entry, for code that passes one plan around. */
export const PLANS = Object.fromEntries(PLAN_IDS.map((id) => [id, { id, ...PLAN_TABLE[id] }])) as unknown as {
  readonly [P in PlanId]: (typeof PLAN_TABLE)[P] & { readonly id: P };
};

/** Whether a plan may use a currency. Codes outside the catalogue are the wider set (non-featured). */
export function planAllowsCurrency(plan: PlanId, code: string): boolean {
  const currency = findCurrency(code);
  const currencies: PlanDefinition['currencies'] = PLANS[plan].currencies;
  switch (currencies) {
    case 'featured-fiat':
      return currency?.type === 'fiat' && currency.featured;
    case 'fiat-and-featured-crypto':
      // Metals come with Basic: Free keeps to the spec's 14 fiat.
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
  return PLAN_IDS.find(test);
}

/** The cheapest plan that may call an endpoint: the highest plan calls every one. */
export function cheapestPlanFor(endpoint: PublicEndpoint): PlanId {
  return cheapestPlanAllowing((plan) => planAllowsEndpoint(plan, endpoint)) ?? HIGHEST_PLAN;
}

export function planAllowsEndpoint(plan: PlanId, endpoint: PublicEndpoint): boolean {
  return (PLANS[plan].endpoints as readonly PublicEndpoint[]).includes(endpoint);
}

/** Every plan's limits with operator overrides of monthly quota and burst (PLAN_LIMITS) applied. */
export function plansWithOverrides(
  overrides: Partial<Record<string, Pick<PlanLimits, 'monthlyQuota' | 'burstPerSecond'>>>,
): Record<PlanId, PlanLimits> {
  return Object.fromEntries(
    PLAN_IDS.map((id) => {
      const { name, monthlyQuota, burstPerSecond, freshnessMs, currencies, endpoints } = PLANS[id];
      const limits: PlanLimits = {
        id,
        name,
        monthlyQuota,
        burstPerSecond,
        freshnessMs,
        currencies,
        endpoints,
      };
      return [id, { ...limits, ...overrides[id] }];
    }),
  ) as Record<PlanId, PlanLimits>;
}

/**
 * Concurrent rate streams per user for the plans that have any (the STREAM_LIMITS default), as the
 * config writes a number.
 */
export const DEFAULT_STREAM_LIMITS: Readonly<Partial<Record<PlanId, string>>> = Object.fromEntries(
  PLAN_IDS.flatMap((id) => {
    const streams: number | null = PLANS[id].defaultStreams;
    return streams === null ? [] : [[id, String(streams)]];
  }),
);

/** A freshness promise as the API documentation words it: "24 h", "10 min". */
export function freshnessInWords(ms: number): string {
  return ms % (60 * MINUTE) === 0 ? `${ms / (60 * MINUTE)} h` : `${ms / MINUTE} min`;
}
