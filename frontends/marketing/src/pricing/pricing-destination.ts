import { planChangeDirection, PRICING_TEXTS, type AccountResponse, type PricingCard } from '@fxrates/domain';

export interface PricingDestination {
  to: string;
  state?: { plan: string; isAnnual: boolean };
}

/**
 * Where a pricing card's button leads (docs/decisions.md, "The integrations card goes to /contact"): the quote
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

/** The signed-in user's plan as GET /api/account tells it (null while unknown). */
export type Viewer = Pick<AccountResponse, 'plan' | 'billingCycle' | 'pendingChange'> | null;

/** What a card's button says and does for whoever looks at the page. */
export interface CardAction extends PricingDestination {
  label: string;
  disabled: boolean;
}

export const CARD_LABELS = {
  current: 'Current plan',
  upgrade: 'Upgrade',
  downgrade: 'Downgrade',
  scheduled: 'Change scheduled',
  resume: 'Resume',
} as const;

function defaultLabel(card: Pick<PricingCard, 'id'>): string {
  if (card.id === 'rfq') return PRICING_TEXTS.contactUs;
  return card.id === 'free' ? 'Get Started' : 'Choose plan';
}

/**
 * A subscriber sees their plan marked "Current plan" (disabled) and the others as "Upgrade" or
 * "Downgrade" (planChangeDirection: an upgrade applies once PayPal confirms it, a downgrade at the end
 * of the period paid for). Going to Free means cancelling, on the account page. Visitors, and users
 * whose plan is not known yet, get the spec's buttons.
 */
export function cardAction(
  card: Pick<PricingCard, 'id'>,
  signedIn: boolean,
  isAnnual: boolean,
  viewer: Viewer,
): CardAction {
  const destination = pricingDestination(card, signedIn, isAnnual);
  const plain = { ...destination, label: defaultLabel(card), disabled: false };
  if (card.id === 'rfq' || !signedIn || !viewer) return plain;
  const target = { plan: card.id, cycle: isAnnual ? 'annual' : 'monthly' } as const;
  const direction = planChangeDirection({ plan: viewer.plan, cycle: viewer.billingCycle }, target);
  if (direction === 'same') return { ...destination, label: CARD_LABELS.current, disabled: true };
  const pending = viewer.pendingChange;
  if (pending && pending.plan === target.plan && pending.billingCycle === target.cycle) {
    return { ...destination, label: CARD_LABELS.scheduled, disabled: true };
  }
  if (card.id === 'free') return { to: '/account', label: CARD_LABELS.downgrade, disabled: false };
  return {
    ...destination,
    label: direction === 'upgrade' ? CARD_LABELS.upgrade : CARD_LABELS.downgrade,
    disabled: false,
  };
}
