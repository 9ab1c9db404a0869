import { proves, type Equal } from './type-assertions';
import {
  cheapestPlanFor,
  DEFAULT_STREAM_LIMITS,
  freshnessInWords,
  HIGHEST_PLAN,
  PLAN_IDS,
  PLANS,
  type PaidPlanId,
  type PlanDefinition,
  type PlanId,
  type PublicEndpoint,
} from './plans';
import { ANNUAL_PER_MONTH_DISPLAY_MINOR, BILLING_CYCLES, PAID_PLAN_IDS, PLAN_PRICES_MINOR } from './prices';
import { PRICING_CARDS } from './pricing-cards';
import { planRank } from './plan-changes';

/*
 * PLANS is the one place a plan is written down. These tests prove that every other list of plans is
 * read from it in its order; the type-level part below is checked by `npm run typecheck` (an
 * `@ts-expect-error` that stops being an error fails the build), and shows what the compiler refuses.
 */

describe('the plan table', () => {
  it('is the order of every plan list: ids, tiers, pricing cards', () => {
    expect(PLAN_IDS).toEqual(Object.keys(PLANS));
    expect(PRICING_CARDS.map((card) => card.id)).toEqual([...PLAN_IDS, 'rfq']);
    const ranks = PLAN_IDS.map((plan) => planRank({ plan, cycle: 'monthly' }));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks).size).toBe(PLAN_IDS.length);
    expect(HIGHEST_PLAN).toBe(PLAN_IDS.at(-1));
  });

  it('names each entry by its key', () => {
    for (const id of PLAN_IDS) expect(PLANS[id].id).toBe(id);
  });

  it('sells through PayPal exactly the plans with a price, at the price the table gives', () => {
    expect(PAID_PLAN_IDS).toEqual(PLAN_IDS.filter((id) => PLANS[id].price !== null));
    for (const id of PAID_PLAN_IDS) {
      const { monthly, annual, annualPerMonthDisplay } = PLANS[id].price;
      expect(PLAN_PRICES_MINOR[id]).toEqual({ monthly, annual });
      expect(ANNUAL_PER_MONTH_DISPLAY_MINOR[id]).toBe(annualPerMonthDisplay);
    }
    expect(Object.keys(PLAN_PRICES_MINOR)).toEqual(PAID_PLAN_IDS);
    expect(BILLING_CYCLES).toEqual(['monthly', 'annual']);
  });

  it("gives the pricing cards the plans' names and features, in the table's order", () => {
    for (const id of PLAN_IDS) {
      const card = PRICING_CARDS.find((c) => c.id === id);
      const plan: PlanDefinition = PLANS[id];
      expect(card).toEqual({
        id,
        name: plan.name,
        features: plan.features,
        ...(plan.mostPopular && { mostPopular: true }),
      });
    }
  });

  it('defaults stream limits to the plans that have streams', () => {
    expect(Object.keys(DEFAULT_STREAM_LIMITS)).toEqual(
      PLAN_IDS.filter((id) => PLANS[id].defaultStreams !== null),
    );
  });

  it('lets the highest plan call every endpoint, so every endpoint has a cheapest plan', () => {
    const endpoints: PublicEndpoint[] = [
      'latest',
      'rate',
      'convert',
      'historical',
      'timeseries',
      'fluctuation',
      'stream',
      'ohlc',
      'average',
      'convert-batch',
    ];
    for (const endpoint of endpoints) expect(PLANS[HIGHEST_PLAN].endpoints).toContain(endpoint);
    expect(cheapestPlanFor('historical')).toBe('basic');
    expect(cheapestPlanFor('stream')).toBe('professional');
    expect(cheapestPlanFor('convert-batch')).toBe('basic');
  });

  it('words each freshness promise as the API documentation does', () => {
    expect(PLAN_IDS.map((id) => freshnessInWords(PLANS[id].freshnessMs))).toEqual([
      '24 h',
      '1 h',
      '10 min',
      '1 min',
    ]);
  });
});

// The ids are the table's keys, and the paid plans are those with a price.
proves<Equal<PlanId, 'free' | 'basic' | 'professional' | 'enterprise'>>();
proves<Equal<PaidPlanId, 'basic' | 'professional' | 'enterprise'>>();

// A plan added to the table without everything a plan has does not compile.
const withoutPrice = {
  name: 'Gold',
  monthlyQuota: 1_000_000,
  burstPerSecond: 500,
  freshnessMs: 30_000,
  currencies: 'all',
  endpoints: ['latest'],
  defaultStreams: 100,
  features: ['1,000,000 requests/month'],
} as const;
// @ts-expect-error: `price` is missing (null for a plan nobody pays for)
void (withoutPrice satisfies PlanDefinition);

// Per-plan tables elsewhere are Record<PlanId, …>: one that leaves a plan out does not compile.
// @ts-expect-error: `enterprise` is missing
void ({ free: 0, basic: 1, professional: 2 } satisfies Record<PlanId, number>);
