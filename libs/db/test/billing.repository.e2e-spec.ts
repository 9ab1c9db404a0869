import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import {
  Payment,
  Subscription,
  SubscriptionsRepository,
  User,
  UsersRepository,
  WebhookEvent,
  WebhookEventsRepository,
  type SubscriptionSale,
} from '../src';
import { newUser } from './support/accounts';
import { lockOrder, WAITED } from './support/lock-order';
import { connectOrm, unique } from './support/test-database';

/** The worker's billing queries (sales, lapsed plans, unapplied events) against real PostgreSQL. */
describe('SubscriptionsRepository (billing sweeps) and WebhookEventsRepository', () => {
  let orm: MikroORM;
  let subscriptions: SubscriptionsRepository;

  beforeAll(async () => {
    orm = await connectOrm();
    subscriptions = new SubscriptionsRepository(orm.em.fork());
  });
  afterAll(() => orm.close());

  const newSubscription = async (userId: string, fields: Partial<Subscription> = {}) => {
    const em = orm.em.fork();
    const subscription = em.create(Subscription, {
      user: em.getReference(User, userId),
      plan: 'basic',
      billingCycle: 'monthly',
      status: 'active',
      paypalSubscriptionId: `I-${unique(6)}`,
      amountMinor: 900,
      currency: 'USD',
      createdAt: new Date(),
      ...fields,
    } as never);
    await em.flush();
    return subscription as Subscription;
  };

  describe('recordSale', () => {
    const sale = (subscription: Subscription, captureId: string, status: SubscriptionSale['status']) => ({
      paymentId: randomUUID(),
      userId: subscription.user.id,
      subscriptionId: subscription.id,
      status,
      plan: 'basic' as const,
      billingCycle: 'monthly' as const,
      amountMinor: 900,
      currency: 'USD',
      periodStart: new Date('2026-03-01T00:00:00Z'),
      periodEnd: new Date('2026-04-01T00:00:00Z'),
      captureId,
      capturedAt: new Date('2026-03-01T00:05:00Z'),
    });
    const paymentsOf = (subscriptionId: string) =>
      orm.em.fork().find(Payment, { subscription: subscriptionId }, { orderBy: { paypalCaptureId: 'asc' } });

    it('lists a sale once; a refund since marks it refunded, and nothing takes a refund back', async () => {
      const subscription = await newSubscription(await newUser(orm.em));
      const captureId = `S-${unique(6)}`;
      await subscriptions.recordSale(sale(subscription, captureId, 'captured'));
      await subscriptions.recordSale(sale(subscription, captureId, 'captured'));
      expect((await paymentsOf(subscription.id)).map((p) => [p.status, p.kind, p.capturedMinor])).toEqual([
        ['captured', 'subscription', 900],
      ]);
      await subscriptions.recordSale(sale(subscription, captureId, 'refunded'));
      await subscriptions.recordSale(sale(subscription, captureId, 'captured'));
      expect((await paymentsOf(subscription.id)).map((p) => p.status)).toEqual(['refunded']);
    });

    it('keeps one row when the same sale is listed by two workers at once', async () => {
      const subscription = await newSubscription(await newUser(orm.em));
      const captureId = `S-${unique(6)}`;
      await Promise.all(
        Array.from({ length: 4 }, () =>
          new SubscriptionsRepository(orm.em.fork()).recordSale(sale(subscription, captureId, 'captured')),
        ),
      );
      expect(await paymentsOf(subscription.id)).toHaveLength(1);
    });
  });

  describe('usersWithLapsedPlans', () => {
    const now = new Date('2026-03-15T00:00:00Z');
    const lapsed = async () => new Set(await subscriptions.usersWithLapsedPlans('refused', now));

    it('finds paid users whose latest subscription no longer pays, and no one else', async () => {
      const cancelledPast = await newUser(orm.em, 'basic');
      await newSubscription(cancelledPast, { status: 'cancelled', currentPeriodEnd: new Date('2026-03-01') });
      const cancelledPaidUp = await newUser(orm.em, 'basic');
      await newSubscription(cancelledPaidUp, {
        status: 'cancelled',
        currentPeriodEnd: new Date('2026-04-01'),
      });
      const active = await newUser(orm.em, 'basic');
      await newSubscription(active);
      const revoked = await newUser(orm.em, 'basic');
      await newSubscription(revoked, {
        paidSaleAt: new Date('2026-03-01'),
        revokedSaleAt: new Date('2026-03-02'),
      });
      const onlyRefused = await newUser(orm.em, 'basic');
      await newSubscription(onlyRefused, { status: 'refused' });
      const free = await newUser(orm.em, 'free');
      await newSubscription(free, { status: 'cancelled', currentPeriodEnd: new Date('2026-03-01') });
      const neverPayPal = await newUser(orm.em, 'basic');
      const found = await lapsed();
      expect([cancelledPast, revoked, onlyRefused].filter((id) => !found.has(id))).toEqual([]);
      expect([cancelledPaidUp, active, free, neverPayPal].filter((id) => found.has(id))).toEqual([]);
    });

    it('reads only the latest subscription: a new active one after a lapsed one pays', async () => {
      const userId = await newUser(orm.em, 'basic');
      await newSubscription(userId, {
        status: 'cancelled',
        currentPeriodEnd: new Date('2026-02-01'),
        createdAt: new Date('2026-01-01'),
      });
      await newSubscription(userId, { createdAt: new Date('2026-02-15') });
      expect((await lapsed()).has(userId)).toBe(false);
    });
  });

  it('locks a user’s row (false for no user), holding another transaction until the first ends', async () => {
    const userId = await newUser(orm.em);
    expect(await orm.em.fork().transactional((tx) => new UsersRepository(tx).lock(randomUUID()))).toBe(false);
    expect(await orm.em.fork().transactional((tx) => new UsersRepository(tx).lock(userId))).toBe(true);
    expect(await lockOrder(orm, (tx) => new UsersRepository(tx).lock(userId))).toEqual(WAITED);
  });

  it('lists the events not applied yet, oldest first, at most as many as asked', async () => {
    const em = orm.em.fork();
    const ids = Array.from({ length: 3 }, () => `WH-${unique(6)}`);
    ids.forEach((eventId, i) =>
      em.create(WebhookEvent, {
        provider: 'paypal',
        eventId,
        type: 'PAYMENT.SALE.COMPLETED',
        payload: {},
        // Long before any other file's events, so they come first.
        receivedAt: new Date(Date.UTC(2001, 0, 1 + i)),
        processedAt: i === 1 ? new Date() : null,
      }),
    );
    await em.flush();
    const events = new WebhookEventsRepository(orm.em.fork());
    const unapplied = await events.unappliedIds('paypal', 1000);
    expect(unapplied.filter((id) => ids.includes(id))).toEqual([ids[0], ids[2]]);
    expect(await events.unappliedIds('paypal', 1)).toEqual([ids[0]]);
    await orm.em.fork().nativeDelete(WebhookEvent, { eventId: { $in: ids } });
  });
});
