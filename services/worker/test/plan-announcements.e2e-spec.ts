import { getQueueToken } from '@nestjs/bullmq';
import { paypalEventJobId, pubSubChannels, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { startBillingWorld, type BillingWorld } from './support/billing-world';
import { billingProbe } from './support/billing-probe';
import { subscribedUser } from './support/subscribed';
import { startThrowawayRedis, type ThrowawayRedis } from './support/throwaway-redis';
import { until } from './support/waiting';

/**
 * How long an API instance may take to drop a key it heard announced. Its cached keys are re-read
 * only every API_CACHE_MAX_AGE_SECONDS / 2, set to half an hour here: within the test, only the
 * announcement can change the plan it meters, so seeing the change proves the announcement. The
 * deadline only ends a broken run, long enough that a slow machine never fails a working one.
 */
const ANNOUNCEMENT_DEADLINE_MS = 20_000;

/**
 * API instances drop a user's cached keys when they hear of a plan change. The worker announces every
 * plan it applies, so a job retried after a failed announcement still reaches them.
 */
describe('worker: announcing the plans it applies', () => {
  let redis: ThrowawayRedis;
  let world: BillingWorld;
  let probe: ReturnType<typeof billingProbe>;
  /** Every user id announced on the plan-changed channel, as an API instance hears them. */
  const heard: string[] = [];
  let listener: Redis;

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    world = await startBillingWorld({ env: { REDIS_URL: redis.url, API_CACHE_MAX_AGE_SECONDS: '3600' } });
    probe = billingProbe(world);
    listener = new Redis(redis.url);
    await listener.subscribe(pubSubChannels(world.api.config.redis.keyPrefix).planChanged);
    listener.on('message', (_channel, message: string) => heard.push(message));
  });
  afterAll(async () => {
    listener?.disconnect();
    await world?.close();
    await redis?.stop();
  });

  it('announces a plan change on the retry of a job whose first announcement failed', async () => {
    const { userId, paypalId, accessToken } = await subscribedUser(world.api, world.paypal);
    const key = await probe.keyOf(accessToken);
    expect(await probe.meteredPlan(key)).toBe('basic'); // the API instance now holds the key
    heard.length = 0;

    await probe.updateSubscription(paypalId, { currentPeriodEnd: new Date(Date.now() - 86_400_000) });
    world.paypal.setStatus(paypalId, 'EXPIRED');
    const expired = world.paypal.event('BILLING.SUBSCRIPTION.EXPIRED', paypalId);
    const queue = world.worker.get<Queue>(getQueueToken(QUEUES.paypalWebhooks));
    await redis.admin.call('ACL', 'SETUSER', 'default', '-publish'); // PUBLISH now answers NOPERM
    try {
      await probe.deliver(expired);
      await until(async () => ((await queue.getJob(paypalEventJobId(expired.id)))?.attemptsMade ?? 0) >= 1);
      expect(await probe.planOf(userId)).toBe('free'); // applied, but nobody heard of it
    } finally {
      await redis.admin.call('ACL', 'SETUSER', 'default', '+publish');
    }

    await until(() => probe.processed(expired.id));
    await until(() => heard.includes(userId), ANNOUNCEMENT_DEADLINE_MS);
    await until(async () => (await probe.meteredPlan(key)) === 'free', ANNOUNCEMENT_DEADLINE_MS);
  }, 90_000);
});
