import type { PlanId } from './api-types';

/** The request-for-quote card (its spelling as the product shows it, spec §2). */
export const RFQ_CARD_NAME = 'Other API Intergrations';

/** One pricing card's texts (spec §9); prices come from prices.ts, quotas from plans.ts. */
export interface PricingCard {
  id: PlanId | 'rfq';
  name: string;
  features: readonly string[];
  mostPopular?: boolean;
}

export const PRICING_CARDS: readonly PricingCard[] = [
  { id: 'free', name: 'Free', features: ['1000 requests/month', 'Basic pairs', 'No support'] },
  {
    id: 'basic',
    name: 'Basic',
    features: ['10,000 requests/month', 'All pairs and top crypto', 'Email support'],
    mostPopular: true,
  },
  {
    id: 'professional',
    name: 'Professional',
    features: ['100,000 requests/month', 'Superior burst rates', 'Email support'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    features: ['500,000 requests/month', 'All features', 'Priority support'],
  },
  // Spec §9 lists nothing but its price (RFQ) and its Contact Us button.
  { id: 'rfq', name: RFQ_CARD_NAME, features: [] },
];

export const PRICING_TEXTS = {
  monthlyBilling: 'Monthly billing',
  annualBilling: 'Annual billing (save 15%)',
  mostPopular: 'Most Popular',
  rfqPrice: 'RFQ',
  contactUs: 'Contact Us',
} as const;
