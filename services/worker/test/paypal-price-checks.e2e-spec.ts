import type { LoggerService } from '@nestjs/common';
import { User } from '@fxrates/db';
import type { BillingCycle, PlanId } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';
import type { PlanOverride } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { startBillingWorld, type BillingWorld } from './support/billing-world';
import { billingProbe } from './support/billing-probe';
import { BASIC_ANNUAL, ENTERPRISE_MONTHLY } from './support/subscribed';
import { until } from './support/waiting';

/**
 * How long the API instance may take to drop a key whose plan the worker announced changed. Its
 * cached keys are re-read only every API_CACHE_MAX_AGE_SECONDS / 2, set to half an hour here: within
 * a test, only the announcement can change the plan it meters, so seeing the change proves the
 * announcement. The deadline only ends a broken run, long enough for a slow machine.
 */
const ANNOUNCEMENT_DEADLINE_MS = 20_000;

/** Our enterprise plan as a buyer can rewrite it in the browser's SDK call: one cent a month. */
const ONE_CENT: PlanOverride = {
  billing_cycles: [
    {
      sequence: 1,
      total_cycles: 0,
      pricing_scheme: { fixed_price: { currency_code: 'USD', value: '0.01' } },
    },
  ],
};

/**
 * Whatever path a PayPal subscription takes to us (the API's subscribe call, a webhook, the
 * reconcile command), it grants a plan only when it is our plan, at our price, for that user.
 */
describe('worker: no plan granted at a price we did not set', () => {
  const warnings: string[] = [];
  const logger: LoggerService = {
    log: () => undefined,
    error: () => undefined,
    warn: (message: unknown) => warnings.push(String(message)),
  };
  let world: BillingWorld;
  let probe: ReturnType<typeof billingProbe>;

  /** What the PayPal button makes when the buyer edits its createSubscription call (the SDK allows `plan`). */
  async function approvedInBrowser(body: object): Promise<string> {
    const created = await fetch(`${world.paypal.url}/__stand-in/subscriptions`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    expect(created.status).toBe(201);
    return ((await created.json()) as { id: string }).id;
  }

  /** A row and plan as the worker recorded them before it checked prices and owners. */
  async function grantedBefore(
    userId: string,
    paypalId: string,
    plan: PlanId,
    billingCycle: BillingCycle,
  ): Promise<void> {
    await probe.given.subscription(
      { id: userId },
      {
        plan,
        billingCycle,
        status: 'active',
        paypalSubscriptionId: paypalId,
        amountMinor: 9999,
        currentPeriodEnd: null,
      },
    );
    await probe.em().nativeUpdate(User, { id: userId }, { plan });
  }

  const warned = (paypalId: string, reason: RegExp) =>
    warnings.some((line) => line.includes(paypalId) && reason.test(line));

  beforeAll(async () => {
    world = await startBillingWorld({ workerLogger: logger, env: { API_CACHE_MAX_AGE_SECONDS: '3600' } });
    probe = billingProbe(world, logger);
  });
  afterAll(() => world.close());

  it('leaves the account free when an unclaimed $0.01 enterprise subscription activates, and after reconcile', async () => {
    const { userId, accessToken, key } = await probe.member();
    const paypalId = await approvedInBrowser({
      plan_id: ENTERPRISE_MONTHLY,
      custom_id: userId,
      plan: ONE_CENT,
    });
    expect(world.paypal.subscription(paypalId)).toMatchObject({
      status: 'ACTIVE',
      plan_overridden: true,
      billing_info: { last_payment: { amount: { value: '0.01' } } },
    });

    await probe.deliverAndWait(world.paypal.event('BILLING.SUBSCRIPTION.ACTIVATED', paypalId));
    await probe.deliverAndWait(world.paypal.event('PAYMENT.SALE.COMPLETED', paypalId));

    expect(await probe.planOf(userId)).toBe('free');
    expect(await probe.subscriptionStored(paypalId)).toBe(false);
    expect(await probe.meteredPlan(key)).toBe('free');
    expect(warned(paypalId, /price/)).toBe(true);

    await probe.reconcile();
    expect(await probe.planOf(userId)).toBe('free');
    expect(await probe.meteredPlan(key)).toBe('free');

    const claimed = await probe.claim(accessToken, {
      plan: 'enterprise',
      billingCycle: 'monthly',
      paypalSubscriptionId: paypalId,
    });
    expect([claimed.status, claimed.body.code]).toEqual([422, 'subscription-plan-mismatch']);
    expect(await probe.planOf(userId)).toBe('free');
  });

  it('moves back to free, at the next reconcile, a user granted a cut-price subscription before these checks', async () => {
    const { userId, key } = await probe.member();
    const paypalId = await approvedInBrowser({
      plan_id: ENTERPRISE_MONTHLY,
      custom_id: userId,
      plan: ONE_CENT,
    });
    await grantedBefore(userId, paypalId, 'enterprise', 'monthly');
    expect(await probe.meteredPlan(key)).toBe('enterprise');

    const summary = await probe.reconcile();

    expect(summary.refused).toBeGreaterThanOrEqual(1);
    expect(await probe.planOf(userId)).toBe('free');
    const row = await probe.subscriptionRow(paypalId);
    expect([row.status, row.user.id]).toEqual(['refused', userId]);
    await until(async () => (await probe.meteredPlan(key)) === 'free', ANNOUNCEMENT_DEADLINE_MS);
    expect(warned(paypalId, /price/)).toBe(true);
  }, 60_000);

  it("refuses a subscription whose custom_id is not its holder's, and moves the holder back to free", async () => {
    const holder = await probe.member();
    const named = await probe.member();
    const paypalId = world.paypal.createSubscription({ plan_id: BASIC_ANNUAL, custom_id: named.userId }).id;
    await grantedBefore(holder.userId, paypalId, 'basic', 'annual');

    await probe.deliverAndWait(world.paypal.event('BILLING.SUBSCRIPTION.UPDATED', paypalId));

    expect(await probe.planOf(holder.userId)).toBe('free');
    expect(await probe.planOf(named.userId)).toBe('free');
    const row = await probe.subscriptionRow(paypalId);
    expect([row.status, row.user.id]).toEqual(['refused', holder.userId]);
    expect(warned(paypalId, /custom_id/)).toBe(true);
  });

  it.each([
    ['not a user id at all', 'admin'],
    ['shaped like an id but not a UUID', '-'.repeat(36)],
    ['a UUID nobody has', randomUUID()],
  ])('binds nothing from an ACTIVATED event whose custom_id is %s', async (_what, customId) => {
    const paypalId = world.paypal.createSubscription({ plan_id: BASIC_ANNUAL, custom_id: customId }).id;
    await probe.deliverAndWait(world.paypal.event('BILLING.SUBSCRIPTION.ACTIVATED', paypalId));
    expect(await probe.subscriptionStored(paypalId)).toBe(false);
    expect(warned(paypalId, /custom_id/)).toBe(true);
  });

  it('binds an unclaimed subscription at our price to the user its custom_id names', async () => {
    const { userId, key } = await probe.member();
    const paypalId = await approvedInBrowser({ plan_id: ENTERPRISE_MONTHLY, custom_id: userId });
    await probe.deliverAndWait(world.paypal.event('BILLING.SUBSCRIPTION.ACTIVATED', paypalId));
    const row = await probe.subscriptionRow(paypalId);
    expect([row.user.id, row.amountMinor]).toEqual([userId, 9999]);
    expect(await probe.planOf(userId)).toBe('enterprise');
    await until(async () => (await probe.meteredPlan(key)) === 'enterprise', ANNOUNCEMENT_DEADLINE_MS);
  }, 60_000);
});
