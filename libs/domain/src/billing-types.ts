import type { BillingCycle, PendingPlanChange } from './api-types';
import type { PlanId } from './plans';

export type PayPalEnvironment = 'sandbox' | 'live';

/** One plan as the pricing and subscribe pages show it. Amounts are decimal strings in USD. */
export interface BillingPlan {
  id: PlanId;
  name: string;
  monthlyQuota: number;
  burstPerSecond: number;
  /** What a month costs on monthly billing, e.g. "15.99". */
  monthly: string;
  /** What a year costs on annual billing (charged once a year), e.g. "167.88". */
  annual: string;
  /** The monthly equivalent shown on the pricing card for annual billing, e.g. "13.99". */
  annualPerMonth: string;
  /** PayPal plan ids per cycle; null when not configured (the plan cannot be bought then). */
  paypalPlanIds: Record<BillingCycle, string | null>;
}

/** Response of GET /api/billing/plans. */
export interface BillingPlansResponse {
  currency: string;
  environment: PayPalEnvironment;
  /** PayPal REST app client id for the JS SDK; empty when billing is not configured. */
  paypalClientId: string;
  plans: BillingPlan[];
}

/** Body of POST /api/v1/subscriptions as the spec's client sends it. Only the id is trusted to name a subscription; plan and cycle state what the user asked for. */
export interface CreateSubscriptionRequest {
  userId?: string;
  paymentId?: string;
  plan: string;
  billingCycle: BillingCycle;
  amount?: number | string;
  paypalSubscriptionId: string;
  status?: string;
}

/** A user's subscription as the server verified it with PayPal. */
export interface SubscriptionView {
  id: string;
  plan: PlanId;
  billingCycle: BillingCycle;
  /** Lower-case PayPal status: active, suspended, cancelled, expired; `refused` when it is not at our price. */
  status: string;
  paypalSubscriptionId: string;
  /** Decimal string in major units from our price table, e.g. "167.88". */
  amount: string;
  currency: string;
  startDate: string | null;
  currentPeriodEnd: string | null;
  lastPaymentAt: string | null;
  /** A downgrade PayPal confirmed, applied at the end of the period paid for; null when none. */
  pendingChange: PendingPlanChange | null;
}

/** Response of POST /api/v1/subscriptions. Failures are problem+json with `success: false`. */
export interface CreateSubscriptionResponse {
  success: true;
  subscription: SubscriptionView;
}
