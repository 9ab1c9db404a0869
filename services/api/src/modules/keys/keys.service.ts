import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ApiKey, User } from '@fxrates/db';
import {
  ErrorCode,
  MAX_ACTIVE_KEYS_PER_USER,
  type ApiKeyStatus,
  type ApiKeyView,
  type CreatedApiKey,
} from '@fxrates/domain';
import { pubSubChannels } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { AppException } from '../../common/app-exception';
import { unauthorized } from '../auth';
import { REDIS } from '../redis';
import { hashApiKey } from './api-key-hash';
import { toApiKeyView } from './api-key-view';

const notFound = () =>
  new AppException(ErrorCode.KeyNotFound, 'No API key with this id belongs to your account.');

/** The dashboard's key management: create (shown once), list, disable. */
@Injectable()
export class KeysService {
  private readonly logger = new Logger(KeysService.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async create(userId: string, name: string): Promise<CreatedApiKey> {
    const em = this.em.fork();
    return em.transactional(async (tx) => {
      // Serialises concurrent creations for one user, so the active-key limit cannot be overrun.
      const [owner] = await tx
        .getConnection()
        .execute('select id from users where id = ? for update', [userId], 'all', tx.getTransactionContext());
      // A valid token of an account that no longer exists signs nobody in.
      if (!owner) throw unauthorized();
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

  async list(userId: string, status: ApiKeyStatus): Promise<ApiKeyView[]> {
    const keys = await this.em
      .fork()
      .find(ApiKey, { user: userId, status }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return keys.map(toApiKeyView);
  }

  async disable(userId: string, id: string): Promise<ApiKeyView> {
    const em = this.em.fork();
    const key = await em.findOne(ApiKey, { id, user: userId });
    if (!key) throw notFound();
    if (key.status !== 'disabled') {
      key.status = 'disabled';
      key.disabledAt = new Date();
      await em.flush();
    }
    // Announced on every call, a repeated one too: a client retrying after a lost announcement
    // announces it again. Should Redis refuse, the instances' caches expire it within
    // API_CACHE_MAX_AGE_SECONDS anyway, and the key is disabled in PostgreSQL already.
    await this.redis
      .publish(pubSubChannels(this.config.redis.keyPrefix).keyChanged, key.keyHash)
      .catch((error: Error) =>
        this.logger.warn(`Could not announce disabled key ${key.id}: ${error.message}`),
      );
    return toApiKeyView(key);
  }
}
