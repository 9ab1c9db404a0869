import { PLAN_IDS, type PlanId } from '@fxrates/domain';

/**
 * The react-router navigation state that carries a chosen plan from the pricing page to /register
 * and on to /subscribe: the plan in lower case and the annual-billing flag.
 */
export interface PlanSelectionState {
  plan?: string;
  isAnnual?: boolean;
}

export interface PlanSelection {
  plan: PlanId;
  isAnnual: boolean;
}

function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/** The plan chosen on a previous screen, or null when the state names no plan we sell. */
export function readPlanSelection(state: unknown): PlanSelection | null {
  if (typeof state !== 'object' || state === null) return null;
  const { plan, isAnnual } = state as Record<string, unknown>;
  if (typeof plan !== 'string') return null;
  const normalised = plan.trim().toLowerCase();
  if (!isPlanId(normalised)) return null;
  return { plan: normalised, isAnnual: isAnnual === true };
}
