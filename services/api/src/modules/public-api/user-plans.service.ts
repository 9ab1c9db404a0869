import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { User } from '@fxrates/db';
import type { PlanId } from '@fxrates/domain';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis/redis.module';
import { ApiKeyResolver } from './api-key-resolver';
import { planChangedChannel } from './channels';

/**
 * The one way a user's plan changes (billing calls it once a payment is verified). This instance
 * meters the user's next request by the new plan; the others do once they hear of it (milliseconds),
 * or, should the announcement be lost, once their caches are re-read (API_CACHE_MAX_AGE_SECONDS).
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

  async changePlan(userId: string, plan: PlanId): Promise<void> {
    await this.em.fork().nativeUpdate(User, { id: userId }, { plan });
    await this.announce(userId);
  }

  /**
   * Writes the plan in the caller's transaction (`em`), with the rows that justify it; the caller
   * announces it (announce) once that transaction is committed.
   */
  async writePlan(em: EntityManager, userId: string, plan: PlanId): Promise<void> {
    await em.nativeUpdate(User, { id: userId }, { plan });
  }

  /** Tells every instance (this one at once) that the user's plan changed. */
  async announce(userId: string): Promise<void> {
    this.keys.forgetUser(userId); // this instance at once; the others when they hear of it
    // Announced on every call, an unchanged plan too, so a retry announces what a failed one did not.
    await this.redis
      .publish(planChangedChannel(this.config), userId)
      .catch((error: Error) =>
        this.logger.warn(`Could not announce the plan of ${userId}: ${error.message}`),
      );
  }
}
