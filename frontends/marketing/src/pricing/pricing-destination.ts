import type { PricingCard } from '@fxrates/domain';

export interface PricingDestination {
  to: string;
  state?: { plan: string; isAnnual: boolean };
}

/**
 * Where a pricing card's button leads (spec §2 Pricing, with decisions.md defect fix 1): the quote
 * card to /contact; Free to /dashboard when signed in; paid plans to /subscribe; anyone signed out
 * to /register, carrying the plan (lower case) and the billing cycle.
 */
export function pricingDestination(
  card: Pick<PricingCard, 'id'>,
  signedIn: boolean,
  isAnnual: boolean,
): PricingDestination {
  if (card.id === 'rfq') return { to: '/contact' };
  const state = { plan: card.id.toLowerCase(), isAnnual };
  if (!signedIn) return { to: '/register', state };
  if (card.id === 'free') return { to: '/dashboard' };
  return { to: '/subscribe', state };
}
