import { PLAN_IDS, PLANS, type PlanId } from '@fxrates/domain';

/** What an endpoint's plan badge says: the cheapest plan that may call it, and that higher ones may too. */
export function planBadgeLabel(plan: PlanId): string {
  return plan === PLAN_IDS[0] ? 'Every plan' : `${PLANS[plan].name} plan and up`;
}

/** The badge's longer text (its title and accessible description). */
export function planBadgeTitle(plan: PlanId): string {
  return plan === PLAN_IDS[0]
    ? `Every plan may call it, ${PLANS[plan].name} included`
    : `Needs the ${PLANS[plan].name} plan or higher`;
}

/** Filled badges in dark shades: white text on them keeps WCAG AA contrast. */
const COLORS: Record<PlanId, string> = {
  free: 'gray.7',
  basic: 'blue.8',
  professional: 'violet.8',
  enterprise: 'dark.7',
};

export function planBadgeColor(plan: PlanId): string {
  return COLORS[plan];
}
