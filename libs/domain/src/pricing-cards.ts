import { PLAN_IDS, PLANS, type PlanDefinition, type PlanId } from './plans';

/** The request-for-quote card (its spelling as the product shows it). */
export const RFQ_CARD_NAME = 'Other API Intergrations';

/** One pricing card's texts; prices come from prices.ts. */
export interface PricingCard {
  id: PlanId | 'rfq';
  name: string;
  features: readonly string[];
  mostPopular?: boolean;
}

/** One card per plan, cheapest first, then the request-for-quote card. */
export const PRICING_CARDS: readonly PricingCard[] = [
  ...PLAN_IDS.map((id): PricingCard => {
    const plan: PlanDefinition = PLANS[id];
    const card: PricingCard = { id, name: plan.name, features: plan.features };
    return plan.mostPopular ? { ...card, mostPopular: true } : card;
  }),
  // The product shows nothing but its price (RFQ) and its Contact Us button.
  { id: 'rfq', name: RFQ_CARD_NAME, features: [] },
];

export const PRICING_TEXTS = {
  monthlyBilling: 'Monthly billing',
  annualBilling: 'Annual billing (save 15%)',
  mostPopular: 'Most Popular',
  rfqPrice: 'RFQ',
  contactUs: 'Contact Us',
} as const;
