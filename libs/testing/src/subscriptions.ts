import { Payment, Subscription, User } from '@fxrates/db';
import { BILLING_CURRENCY, planPriceMinor, type BillingCycle, type PlanId } from '@fxrates/domain';
import type { GivenDatabase } from './database';

const DAY_MS = 86_400_000;
const CYCLE_DAYS: Record<BillingCycle, number> = { monthly: 30, annual: 365 };

export interface GivenSubscriptionOptions {
  plan?: PlanId;
  billingCycle?: BillingCycle;
  /** PayPal's status in lower case (`active`, `cancelled`, `expired`, …); `active` unless given. */
  status?: string;
  paypalSubscriptionId?: string | null;
  /** Our price of the plan and cycle unless given. */
  amountMinor?: number;
  startDate?: Date;
  /** One cycle after `startDate` unless given. */
  currentPeriodEnd?: Date | null;
  lastPaymentAt?: Date | null;
  createdAt?: Date;
}

export interface GivenSubscription {
  id: string;
  userId: string;
  plan: PlanId;
  billingCycle: BillingCycle;
  amountMinor: number;
  currentPeriodEnd: Date | null;
}

/**
 * A subscription row of `user`, Basic monthly at our price unless told otherwise. It moves no plan:
 * the plan in force is the user's (`given.user({ plan })`), as the billing writes them together.
 */
export async function givenSubscription(
  db: GivenDatabase,
  user: { id: string },
  options: GivenSubscriptionOptions = {},
): Promise<GivenSubscription> {
  const plan = options.plan ?? 'basic';
  const billingCycle = options.billingCycle ?? 'monthly';
  const startDate = options.startDate ?? new Date();
  const em = db.em.fork();
  const row = em.create(Subscription, {
    user: em.getReference(User, user.id),
    plan,
    billingCycle,
    status: options.status ?? 'active',
    paypalSubscriptionId: options.paypalSubscriptionId ?? null,
    amountMinor: options.amountMinor ?? planPriceMinor(plan, billingCycle),
    currency: BILLING_CURRENCY,
    startDate,
    currentPeriodEnd:
      options.currentPeriodEnd === undefined
        ? new Date(startDate.getTime() + CYCLE_DAYS[billingCycle] * DAY_MS)
        : options.currentPeriodEnd,
    lastPaymentAt: options.lastPaymentAt ?? null,
    createdAt: options.createdAt ?? startDate,
  });
  await em.flush();
  return {
    id: row.id,
    userId: user.id,
    plan,
    billingCycle,
    amountMinor: row.amountMinor,
    currentPeriodEnd: row.currentPeriodEnd,
  };
}

export interface GivenPaymentOptions {
  kind?: Payment['kind'];
  status?: Payment['status'];
  /** The plan it pays for: the subscription's unless given (an upgrade's is the plan it moves to). */
  plan?: PlanId;
  billingCycle?: BillingCycle;
  /** The plan held when an upgrade was quoted; none unless given. */
  fromPlan?: PlanId | null;
  fromBillingCycle?: BillingCycle | null;
  /** The subscription's price unless given. */
  amountMinor?: number;
  /** What PayPal captured: `amountMinor` for a captured or refunded payment unless given. */
  capturedMinor?: number | null;
  /** Now unless given (an upgrade's quote not captured yet has none). */
  periodStart?: Date | null;
  /** The subscription's period end (or one cycle from now) unless given. */
  periodEnd?: Date;
  /** When an upgrade's quote runs out; never unless given. */
  expiresAt?: Date | null;
  paypalOrderId?: string | null;
  paypalCaptureId?: string | null;
  payerId?: string | null;
  capturedAt?: Date | null;
  createdAt?: Date;
}

export interface GivenPayment {
  id: string;
  amountMinor: number;
}

/** A payment of `subscription` (a recurring charge, captured, unless told otherwise). */
export async function givenPayment(
  db: GivenDatabase,
  subscription: GivenSubscription,
  options: GivenPaymentOptions = {},
): Promise<GivenPayment> {
  const status = options.status ?? 'captured';
  const amountMinor = options.amountMinor ?? subscription.amountMinor;
  const now = new Date();
  const taken = status === 'captured' || status === 'refunded';
  const em = db.em.fork();
  const row = em.create(Payment, {
    user: em.getReference(User, subscription.userId),
    subscription: em.getReference(Subscription, subscription.id),
    kind: options.kind ?? 'subscription',
    status,
    fromPlan: options.fromPlan ?? null,
    fromBillingCycle: options.fromBillingCycle ?? null,
    plan: options.plan ?? subscription.plan,
    billingCycle: options.billingCycle ?? subscription.billingCycle,
    amountMinor,
    currency: BILLING_CURRENCY,
    periodStart: options.periodStart === undefined ? now : options.periodStart,
    periodEnd:
      options.periodEnd ??
      subscription.currentPeriodEnd ??
      new Date(now.getTime() + CYCLE_DAYS[subscription.billingCycle] * DAY_MS),
    expiresAt: options.expiresAt ?? null,
    paypalOrderId: options.paypalOrderId ?? null,
    paypalCaptureId: options.paypalCaptureId ?? null,
    payerId: options.payerId ?? null,
    capturedMinor: options.capturedMinor === undefined ? (taken ? amountMinor : null) : options.capturedMinor,
    capturedAt: options.capturedAt === undefined ? (taken ? now : null) : options.capturedAt,
    createdAt: options.createdAt ?? now,
  });
  await em.flush();
  return { id: row.id, amountMinor };
}
