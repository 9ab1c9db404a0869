import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { Payment, Subscription, SubscriptionsRepository } from '@fxrates/db';
import { UserPlan, type PlanChangedBy } from './user-plan';

/** What PayPal captured for an upgrade payment, as its checked capture reports it. */
export interface CapturedUpgrade {
  captureId: string;
  capturedMinor: number;
  payerId: string | null;
  at: Date;
}

/** The payment was recorded before (by this call's twin, the API or the worker's sweep). */
export class UpgradeAlreadyRecorded extends Error {
  constructor(paymentId: string) {
    super(`Upgrade payment ${paymentId} is recorded already`);
  }
}

export interface RecordedUpgrade {
  userId: string;
  subscription: Subscription;
  /** False when the period, plan or status moved on before the capture was recorded: nothing granted. */
  granted: boolean;
}

/**
 * Records what PayPal captured for an upgrade payment and grants the plan it pays for, in one
 * transaction under the user's subscription lock, then the payment's and the subscription's rows
 * (the order SubscriptionsService takes them in). The API calls it once it has captured; the
 * worker's sweep for a capture whose browser never came back. The plan is granted only while the
 * subscription still holds the plan, cycle and paid period the payment was quoted for, active and
 * unrefunded, and the capture fell inside that period; PayPal bills the plan paid before until the
 * buyer approves the revision, so it waits as the change at the period's end. `by` is who the audit
 * log names for the change: the buyer in the API, the system in the worker's sweep.
 */
export async function recordUpgradeCapture(
  root: EntityManager,
  paymentId: string,
  captured: CapturedUpgrade,
  by: PlanChangedBy,
): Promise<RecordedUpgrade> {
  const owner = await root.fork().findOneOrFail(Payment, { id: paymentId }, { fields: ['user'] });
  const userId = owner.user.id;
  return root.fork().transactional(async (em) => {
    await new SubscriptionsRepository(em).lockOfUser(userId);
    const payment = await em.findOneOrFail(
      Payment,
      { id: paymentId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (payment.status !== 'created') throw new UpgradeAlreadyRecorded(paymentId);
    em.assign(payment, {
      status: 'captured',
      paypalCaptureId: captured.captureId,
      capturedMinor: captured.capturedMinor,
      payerId: captured.payerId,
      capturedAt: captured.at,
    });
    const subscription = await em.findOneOrFail(
      Subscription,
      { id: payment.subscription.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const periodEnd = payment.periodEnd.getTime();
    const granted =
      subscription.status === 'active' &&
      !subscription.paymentRevoked() &&
      subscription.plan === payment.fromPlan &&
      subscription.billingCycle === payment.fromBillingCycle &&
      subscription.currentPeriodEnd?.getTime() === periodEnd &&
      captured.at.getTime() < periodEnd;
    if (granted) {
      em.assign(subscription, {
        plan: payment.plan,
        billingCycle: payment.billingCycle,
        pendingPlan: payment.fromPlan,
        pendingBillingCycle: payment.fromBillingCycle,
        pendingChangeAt: payment.periodEnd,
      });
      await UserPlan.write(em, userId, payment.plan, by);
    }
    await em.flush();
    return { userId, subscription, granted };
  });
}
