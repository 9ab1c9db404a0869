import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '@fxrates/db';
import type { PlanId } from '@fxrates/domain';
import { pubSubChannels } from '@fxrates/queues';
import type { Redis } from 'ioredis';

/**
 * The one way a user's plan changes, for the API (a subscription recorded) and the worker (PayPal's
 * events, lapsed and scheduled changes). Two steps, because the plan is written in the caller's
 * transaction with the rows that justify it, and announced only once that transaction is committed:
 * an API instance told earlier would re-read the old plan.
 */
export const UserPlan = {
  /** Writes the plan in `em`'s transaction; true when it changed. */
  async write(em: EntityManager, userId: string, plan: PlanId): Promise<boolean> {
    return (await em.nativeUpdate(User, { id: userId, plan: { $ne: plan } }, { plan })) > 0;
  },

  /**
   * Tells every API instance that the user's plan changed, so they drop its cached keys (an instance
   * that misses it re-reads within API_CACHE_MAX_AGE_SECONDS). Announce every write, an unchanged
   * plan too: a retry announces what a failed attempt did not, and hearing twice is harmless.
   */
  async announce(redis: Redis, redisKeyPrefix: string, userId: string): Promise<void> {
    await redis.publish(pubSubChannels(redisKeyPrefix).planChanged, userId);
  },
};
