import { MikroORM } from '@mikro-orm/postgresql';
import { Subscription, User, WebhookEvent } from '@fxrates/db';
import type { INestApplicationContext, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import type { PayPalWebhookEvent } from '../../../../libs/paypal/src/stand-in/paypal-stand-in';
import { givenIn } from '../../../api/test/support/given';
import { signedInUser } from '../../../api/test/support/signed-in';
import { ReconcileModule } from '../../src/reconcile/reconcile.module';
import { SubscriptionReconciler, type ReconcileSummary } from '../../src/reconcile/subscription-reconciler';
import type { BillingWorld } from './billing-world';
import { until } from './waiting';

/**
 * What billing tests do to a world and read back: stored rows, plans, webhook deliveries, a reconcile run.
 * `logger` is where the reconcile run logs (Nest's logger is one per process: give the worker's).
 */
export function billingProbe(world: Pick<BillingWorld, 'api' | 'paypal'>, logger?: LoggerService) {
  const { api, paypal } = world;
  /** An entity manager of its own on the API's database: each read sees what is committed by then. */
  const em = () => api.app.get(MikroORM).em.fork();
  /** The stored rows of a webhook event (one, however often it was delivered). */
  const webhookEvents = (eventId: string) => em().find(WebhookEvent, { eventId });
  const processed = async (eventId: string) => (await webhookEvents(eventId))[0]?.processedAt != null;

  const http = () => request(api.app.getHttpServer());

  const probe = {
    em,
    given: givenIn(api.app),
    webhookEvents,
    processed,
    http,

    /** A new API key of the signed-in user, as the dashboard makes one. */
    async keyOf(accessToken: string): Promise<string> {
      const res = await http()
        .post('/api/keys')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ name: 'probe' })
        .expect(201);
      return res.body.key;
    },

    /** A new user on free with an API key. */
    async member(): Promise<{ userId: string; accessToken: string; key: string }> {
      const { id: userId, accessToken } = await signedInUser(api.app);
      return { userId: userId, accessToken, key: await probe.keyOf(accessToken) };
    },

    /** POST /api/v1/subscriptions as the subscribe page sends it once PayPal approved. */
    claim: (
      accessToken: string,
      body: { plan: string; billingCycle: string; paypalSubscriptionId: string },
    ) => http().post('/api/v1/subscriptions').set('Authorization', `Bearer ${accessToken}`).send(body),

    /** The plan the API meters this key by now. */
    meteredPlan: async (key: string): Promise<string> =>
      (await http().get('/api/v1/usage').set('X-API-Key', key).expect(200)).body.plan,

    /** The row of a PayPal subscription; fails when none is stored. */
    subscriptionRow: (paypalId: string): Promise<Subscription> =>
      em().findOneOrFail(Subscription, { paypalSubscriptionId: paypalId }),
    subscriptionStored: async (paypalId: string): Promise<boolean> =>
      (await em().count(Subscription, { paypalSubscriptionId: paypalId })) > 0,
    /**
     * Moves what PayPal last told us of a subscription (its status, its paid period, the time of its
     * state) to where a test needs it, without waiting for that time to come.
     */
    async updateSubscription(
      paypalId: string,
      changes: Partial<
        Pick<Subscription, 'status' | 'currentPeriodEnd' | 'pendingChangeAt' | 'paypalUpdatedAt'>
      >,
    ): Promise<void> {
      await em().nativeUpdate(Subscription, { paypalSubscriptionId: paypalId }, changes);
    },
    planOf: async (userId: string): Promise<string> => (await em().findOneOrFail(User, userId)).plan,

    /** Delivers a signed event through the API's webhook endpoint, as PayPal does. */
    async deliver(event: PayPalWebhookEvent): Promise<void> {
      const { body, headers } = paypal.sign(event);
      await request(api.app.getHttpServer())
        .post('/api/billing/paypal/webhook')
        .set(headers)
        .send(body)
        .expect(200);
    },

    /** Delivers an event and waits until the worker has applied it. */
    async deliverAndWait(event: PayPalWebhookEvent): Promise<void> {
      await probe.deliver(event);
      await until(() => processed(event.id));
    },

    /** `npm run reconcile` on the world's config, as an operator would run it. */
    async reconcile(): Promise<ReconcileSummary> {
      const context: INestApplicationContext = await NestFactory.createApplicationContext(
        ReconcileModule.forRoot(api.config),
        { logger: logger ?? false },
      );
      try {
        return await context.get(SubscriptionReconciler).run({ write: () => undefined });
      } finally {
        await context.close();
      }
    },
  };
  return probe;
}
