import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { AuditEventsRepository, User } from '@fxrates/db';
import type { PlanId } from '@fxrates/domain';
import { pubSubChannels } from '@fxrates/queues';
import type { Redis } from 'ioredis';

/**
 * Who changes a plan, as the audit log names them: the account's own user in a request of theirs
 * (`owner`: named by their address), or the system acting on PayPal's word (its events, lapsed and
 * scheduled changes, the sweep that grants a capture whose buyer never came back).
 */
export type PlanChangedBy = 'owner' | { type: 'system'; name: string };

export const BY_PAYPAL: PlanChangedBy = { type: 'system', name: 'PayPal' };

/**
 * The one way a user's plan changes, for the API (a subscription recorded) and the worker (PayPal's
 * events, lapsed and scheduled changes). Two steps, because the plan is written in the caller's
 * transaction with the rows that justify it, and announced only once that transaction is committed:
 * an API instance told earlier would re-read the old plan.
 */
export const UserPlan = {
  /**
   * Writes the plan in `em`'s transaction (one of its own when `em` is in none), with its
   * `plan.changed` audit event (from, to, by whom); true when it changed. The user's row is read
   * locked, so the plan recorded as replaced is the one that was, whatever else writes it meanwhile.
   */
  async write(em: EntityManager, userId: string, plan: PlanId, by: PlanChangedBy): Promise<boolean> {
    if (!em.isInTransaction()) return em.transactional((tx) => UserPlan.write(tx, userId, plan, by));
    const before = await em.findOne(
      User,
      { id: userId },
      { fields: ['plan', 'email'], lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true },
    );
    if (!before || before.plan === plan) return false;
    await em.nativeUpdate(User, { id: userId }, { plan });
    await new AuditEventsRepository(em).add([
      {
        userId,
        action: 'plan.changed',
        actor: by === 'owner' ? { type: 'user', email: before.email } : by,
        detail: { from: before.plan, to: plan },
      },
    ]);
    return true;
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
