import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, redisRateLimiter, type AppConfig } from '@fxrates/config';
import { ApiKey, ApiKeysRepository, User } from '@fxrates/db';
import {
  ErrorCode,
  MAX_ACTIVE_KEYS_PER_USER,
  MAX_DISABLED_KEYS_PER_USER,
  type ApiKeyPage,
  type ApiKeyStatus,
  type ApiKeyView,
  type CreatedApiKey,
} from '@fxrates/domain';
import { pubSubChannels } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { AppException } from '../../common/errors';
import { RedisLimit } from '../../common/security';
import { unauthorized } from '../auth';
import { REDIS } from '../redis';
import { hashApiKey } from '@fxrates/db';
import { toApiKeyView } from './api-key-view';
import { decodeNewestFirstCursor, encodeNewestFirstCursor } from '../../common/input';

const notFound = () =>
  new AppException(ErrorCode.KeyNotFound, 'No API key with this id belongs to your account.');

/**
 * The dashboard's key management: create (shown once), list, disable. What one user can make the
 * platform hold is bounded: creations per hour (KEY_CREATE_LIMIT_PER_HOUR), active keys
 * (MAX_ACTIVE_KEYS_PER_USER), disabled keys (MAX_DISABLED_KEYS_PER_USER, the longest-disabled beyond
 * it are deleted, their usage history kept), and disabled keys are listed a page at a time.
 */
@Injectable()
export class KeysService {
  private readonly logger = new Logger(KeysService.name);
  private readonly creations: RedisLimit;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.creations = new RedisLimit(
      redisRateLimiter(
        redis,
        config.redis.keyPrefix,
        'key-create-user',
        config.keys.createLimitPerHour,
        3600,
      ),
      (wait) => `You have created too many API keys in a short time. Wait ${wait}, then try again.`,
    );
  }

  async create(userId: string, name: string): Promise<CreatedApiKey> {
    await this.creations.admit(userId);
    const em = this.em.fork();
    return em.transactional(async (tx) => {
      // Serialises concurrent creations for one user, so the active-key limit cannot be overrun.
      // A valid token of an account that no longer exists signs nobody in.
      if (!(await new ApiKeysRepository(tx).lockOwner(userId))) throw unauthorized();
      const active = await tx.count(ApiKey, { user: userId, status: 'active' });
      if (active >= MAX_ACTIVE_KEYS_PER_USER) {
        throw new AppException(
          ErrorCode.TooManyKeys,
          `You already have ${MAX_ACTIVE_KEYS_PER_USER} active keys. Deactivate one before creating another.`,
        );
      }
      const prefix = this.config.product.apiKeyPrefix;
      const key = `${prefix}${randomUUID().replace(/-/g, '')}`;
      const entity = tx.create(ApiKey, {
        user: tx.getReference(User, userId),
        name,
        keyHash: hashApiKey(this.config.keys.hashSecret, key),
        keyPrefix: prefix,
        keyLast4: key.slice(-4),
        status: 'active',
        createdAt: new Date(),
        totalRequests: 0,
      });
      await tx.flush();
      return { ...toApiKeyView(entity), key };
    });
  }

  /** Newest first; at most MAX_ACTIVE_KEYS_PER_USER active keys, and MAX_DISABLED_KEYS_PER_USER disabled ones. */
  async list(userId: string, status: ApiKeyStatus): Promise<ApiKeyView[]> {
    const keys = await this.em.fork().find(
      ApiKey,
      { user: userId, status },
      {
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: status === 'active' ? MAX_ACTIVE_KEYS_PER_USER : MAX_DISABLED_KEYS_PER_USER,
      },
    );
    return keys.map(toApiKeyView);
  }

  /** A page of the user's disabled keys, newest first, after `cursor` (a `next` of the page before). */
  async listDisabled(userId: string, limit: number, cursor?: string): Promise<ApiKeyPage> {
    const after = cursor === undefined ? undefined : decodeNewestFirstCursor(cursor);
    const keys = await this.em.fork().find(
      ApiKey,
      {
        user: userId,
        status: 'disabled',
        ...(after && {
          $or: [
            { createdAt: { $lt: after.createdAt } },
            { createdAt: after.createdAt, id: { $lt: after.id } },
          ],
        }),
      },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1 },
    );
    const page = keys.slice(0, limit);
    const last = page.at(-1);
    return {
      data: page.map(toApiKeyView),
      next: keys.length > limit && last ? encodeNewestFirstCursor(last) : null,
    };
  }

  async disable(userId: string, id: string): Promise<ApiKeyView> {
    const em = this.em.fork();
    const key = await em.findOne(ApiKey, { id, user: userId });
    if (!key) throw notFound();
    if (key.status !== 'disabled') {
      key.status = 'disabled';
      key.disabledAt = new Date();
      await em.flush();
      await this.purgeDisabled(em, userId);
    }
    // Announced on every call, a repeated one too: a client retrying after a lost announcement
    // announces it again.
    await this.announceChanged([key.keyHash]);
    return toApiKeyView(key);
  }

  /**
   * Disables every key of the user in `tx` (the account is being deleted); answers their hashes, to
   * announce with announceChanged once `tx` commits.
   */
  async disableAllIn(tx: EntityManager, userId: string): Promise<string[]> {
    return new ApiKeysRepository(tx).disableAllOf(userId);
  }

  /**
   * Tells every API instance to forget what it cached about these keys, so a disabled key is refused
   * everywhere at once. Should Redis refuse, the instances' caches expire it within
   * API_CACHE_MAX_AGE_SECONDS anyway, and the key is disabled in PostgreSQL already.
   */
  async announceChanged(keyHashes: readonly string[]): Promise<void> {
    const channel = pubSubChannels(this.config.redis.keyPrefix).keyChanged;
    for (const keyHash of keyHashes) {
      await this.redis
        .publish(channel, keyHash)
        .catch((error: Error) => this.logger.warn(`Could not announce a disabled key: ${error.message}`));
    }
  }

  /**
   * Deletes the user's longest-disabled keys beyond MAX_DISABLED_KEYS_PER_USER. Their calls stay in
   * usage_daily (which names its owner), so the month's quota and the usage chart still count them.
   * A deleted key is refused as unknown (401 invalid-api-key) rather than disabled.
   */
  private async purgeDisabled(em: EntityManager, userId: string): Promise<void> {
    const purged = await new ApiKeysRepository(em).purgeDisabledBeyond(userId, MAX_DISABLED_KEYS_PER_USER);
    if (purged) this.logger.log(`Deleted ${purged} long-disabled key(s) of user ${userId}`);
  }
}
