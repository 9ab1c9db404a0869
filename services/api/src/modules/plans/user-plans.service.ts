import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import type { PlanId } from '@fxrates/domain';
import { UserPlan, type PlanChangedBy } from '@fxrates/plans';
import type { Redis } from 'ioredis';
import { ApiKeyResolver } from '../keys';
import { REDIS } from '../redis';

/**
 * The one way a user's plan changes (UserPlan, shared with the worker), for the API: billing calls
 * it once a payment is verified. This instance meters the user's next request by the new plan; the
 * others do once they hear of it (milliseconds), or, should the announcement be lost, once their
 * caches are re-read (API_CACHE_MAX_AGE_SECONDS).
 */
@Injectable()
export class UserPlansService {
  private readonly logger = new Logger(UserPlansService.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keys: ApiKeyResolver,
  ) {}

  async changePlan(userId: string, plan: PlanId, by: PlanChangedBy = 'owner'): Promise<void> {
    await UserPlan.write(this.em.fork(), userId, plan, by);
    await this.announce(userId);
  }

  /**
   * Writes the plan in the caller's transaction (`em`), with the rows that justify it; the caller
   * announces it (announce) once that transaction is committed. True when the plan changed.
   */
  writePlan(em: EntityManager, userId: string, plan: PlanId, by: PlanChangedBy): Promise<boolean> {
    return UserPlan.write(em, userId, plan, by);
  }

  /** Tells every instance (this one at once) that the user's plan changed. */
  async announce(userId: string): Promise<void> {
    this.keys.forgetUser(userId); // this instance at once; the others when they hear of it
    await UserPlan.announce(this.redis, this.config.redis.keyPrefix, userId).catch((error: Error) =>
      this.logger.warn(`Could not announce the plan of ${userId}: ${error.message}`),
    );
  }
}
