import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, redisRateLimiter, type AppConfig } from '@fxrates/config';
import { ApiKey, ApiKeysRepository, User } from '@fxrates/db';
import {
  ErrorCode,
  MAX_ACTIVE_KEYS_PER_USER,
  MAX_DISABLED_KEYS_PER_USER,
  type ApiKeyKind,
  type ApiKeyPage,
  type ApiKeyStatus,
  type ApiKeyView,
  type CreateApiKeyRequest,
  type CreatedApiKey,
  type UpdateApiKeyRequest,
} from '@fxrates/domain';
import { pubSubChannels } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { AppException } from '../../common/errors';
import { RedisLimit } from '../../common/security';
import { unauthorized } from '../auth';
import { REDIS } from '../redis';
import { hashApiKey } from '@fxrates/db';
import { maskedKey, toApiKeyView } from './api-key-view';
import { AuditLog, type AuditRecord, type ClientOrigin } from '../audit';
import {
  changedRestrictions,
  defaultScopes,
  keyRestrictions,
  type StoredRestrictions,
} from './key-restrictions';
import { decodeNewestFirstCursor, encodeNewestFirstCursor } from '../../common/input';

const notFound = () =>
  new AppException(ErrorCode.KeyNotFound, 'No API key with this id belongs to your account.');

const HOUR_MS = 3_600_000;

/** What follows the product's prefix in each kind's keys, so a leaked key says what it is. */
const KIND_MARKS: Record<ApiKeyKind, string> = { secret: '', publishable: 'pk_', test: 'test_' };

const restrictionsOf = (key: ApiKey): StoredRestrictions => ({
  scopes: key.scopes,
  allowedNetworks: key.allowedNetworks,
  allowedOrigins: key.allowedOrigins,
  monthlyCap: key.monthlyCap,
  expiresAt: key.expiresAt,
});

const targetOf = (key: ApiKey): AuditRecord['target'] => ({
  type: 'api-key',
  id: key.id,
  name: key.name,
  maskedKey: maskedKey(key.keyPrefix, key.keyLast4),
});

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
    private readonly audit: AuditLog,
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

  async create(userId: string, asked: CreateApiKeyRequest, from: ClientOrigin): Promise<CreatedApiKey> {
    await this.creations.admit(userId);
    const kind = asked.kind ?? 'secret';
    const restrictions = keyRestrictions(
      kind,
      asked,
      {
        scopes: defaultScopes(kind),
        allowedNetworks: [],
        allowedOrigins: [],
        monthlyCap: null,
        expiresAt: null,
      },
      Date.now(),
    );
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
      const { key, prefix } = this.newSecret(kind);
      const entity = tx.create(ApiKey, {
        user: tx.getReference(User, userId),
        name: asked.name,
        keyHash: hashApiKey(this.config.keys.hashSecret, key),
        keyPrefix: prefix,
        keyLast4: key.slice(-4),
        status: 'active',
        createdAt: new Date(),
        totalRequests: 0,
        kind,
        ...restrictions,
      });
      await this.recordIn(tx, userId, from, {
        action: 'key.created',
        target: targetOf(entity),
        detail: { kind, scopes: restrictions.scopes },
      });
      await tx.flush();
      return { ...toApiKeyView(entity), key };
    });
  }

  /**
   * Changes a key's name or restrictions; only what `asked` names changes. Every instance forgets the
   * key at once (announceChanged), so the next call is checked against what was saved.
   */
  async update(
    userId: string,
    id: string,
    asked: UpdateApiKeyRequest,
    from: ClientOrigin,
  ): Promise<ApiKeyView> {
    const em = this.em.fork();
    const updated = await em.transactional(async (tx) => {
      const key = await tx.findOne(ApiKey, { id, user: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!key) throw notFound();
      if (key.status !== 'active')
        throw new AppException(
          ErrorCode.ValidationFailed,
          'A deactivated key cannot be changed; create a new key instead.',
        );
      const before = restrictionsOf(key);
      const after = keyRestrictions(key.kind, asked, before, Date.now());
      const changes = changedRestrictions(before, after);
      if (asked.name !== undefined && asked.name !== key.name) changes.unshift('name');
      if (changes.length > 0) {
        await this.recordIn(tx, userId, from, {
          action: 'key.restricted',
          target: targetOf(key),
          detail: { changes },
        });
        Object.assign(key, after);
        if (asked.name !== undefined) key.name = asked.name;
      }
      return key;
    });
    await this.announceChanged([
      updated.keyHash,
      ...(updated.previousKeyHash ? [updated.previousKeyHash] : []),
    ]);
    return toApiKeyView(updated);
  }

  /**
   * Gives the key a new secret, answered once. The secret it replaces keeps working for
   * `overlapHours` (0: stops at once), so a deployment can switch without an outage; a secret an
   * earlier roll left working stops now.
   */
  async roll(userId: string, id: string, overlapHours: number, from: ClientOrigin): Promise<CreatedApiKey> {
    const em = this.em.fork();
    const { view, key, replaced } = await em.transactional(async (tx) => {
      const entity = await tx.findOne(ApiKey, { id, user: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!entity) throw notFound();
      if (entity.status !== 'active')
        throw new AppException(
          ErrorCode.ValidationFailed,
          'A deactivated key cannot be rolled; create a new key instead.',
        );
      const replacedHashes = [entity.keyHash, ...(entity.previousKeyHash ? [entity.previousKeyHash] : [])];
      const { key: secret, prefix } = this.newSecret(entity.kind);
      // Kept even without an overlap (retired now): the old secret is then told it was replaced
      // (401 api-key-rolled) rather than that it is unknown, until the next roll.
      const retiresAt = new Date(Date.now() + overlapHours * HOUR_MS);
      await this.recordIn(tx, userId, from, {
        action: 'key.rolled',
        target: targetOf(entity),
        detail: { overlapHours, retiresAt: retiresAt.toISOString() },
      });
      entity.previousKeyHash = entity.keyHash;
      entity.previousKeyLast4 = entity.keyLast4;
      entity.previousRetiresAt = retiresAt;
      entity.keyHash = hashApiKey(this.config.keys.hashSecret, secret);
      entity.keyPrefix = prefix;
      entity.keyLast4 = secret.slice(-4);
      return { view: toApiKeyView(entity), key: secret, replaced: replacedHashes };
    });
    await this.announceChanged(replaced);
    return { ...view, key };
  }

  private newSecret(kind: ApiKeyKind): { key: string; prefix: string } {
    const prefix = `${this.config.product.apiKeyPrefix}${KIND_MARKS[kind]}`;
    return { key: `${prefix}${randomUUID().replace(/-/g, '')}`, prefix };
  }

  /** Adds an event of this user's to the audit log, in `tx`: it is kept exactly when the change is. */
  private async recordIn(
    tx: EntityManager,
    userId: string,
    from: ClientOrigin,
    event: Pick<AuditRecord, 'action' | 'target' | 'detail'>,
  ): Promise<void> {
    const user = await tx.findOneOrFail(User, userId);
    this.audit.recordIn(tx, {
      ...event,
      userId,
      actor: { type: 'user', email: user.email },
      ip: from.ip,
      userAgent: from.userAgent,
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
    return keys.map((key) => toApiKeyView(key));
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
      data: page.map((key) => toApiKeyView(key)),
      next: keys.length > limit && last ? encodeNewestFirstCursor(last) : null,
    };
  }

  async disable(userId: string, id: string, from: ClientOrigin): Promise<ApiKeyView> {
    const em = this.em.fork();
    const key = await em.transactional(async (tx) => {
      const found = await tx.findOne(ApiKey, { id, user: userId });
      if (!found) throw notFound();
      if (found.status !== 'disabled') {
        found.status = 'disabled';
        found.disabledAt = new Date();
        await this.recordIn(tx, userId, from, {
          action: 'key.disabled',
          target: targetOf(found),
          detail: {},
        });
      }
      return found;
    });
    await this.purgeDisabled(em, userId);
    // Announced on every call, a repeated one too: a client retrying after a lost announcement
    // announces it again.
    await this.announceChanged([key.keyHash, ...(key.previousKeyHash ? [key.previousKeyHash] : [])]);
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
