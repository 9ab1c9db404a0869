import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ApiKeysRepository, type KeyByHashRow } from '@fxrates/db';
import {
  ErrorCode,
  type ApiKeyKind,
  type ApiKeyScope,
  type ApiKeyStatus,
  type PlanId,
} from '@fxrates/domain';
import { pubSubChannels } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { growingLru, BackgroundReread, inBatches } from '../../common/caching';
import { hash } from 'node:crypto';
import { AppException } from '../../common/errors';
import { hashApiKey } from '@fxrates/db';
import { REDIS, RedisConnections } from '../redis';
import { KeyNetworks } from './key-networks';

export interface ResolvedKey {
  keyId: string;
  userId: string;
  status: ApiKeyStatus;
  /** The owner's current plan: what the key is metered by. */
  plan: PlanId;
  kind: ApiKeyKind;
  scopes: ReadonlySet<ApiKeyScope>;
  /** Where it may be called from; null: anywhere. */
  networks: KeyNetworks | null;
  /** The origins a publishable key answers (empty for other kinds). */
  origins: ReadonlySet<string>;
  /** Its own monthly cap of metered calls, or null. */
  monthlyCap: number | null;
  /** When it stops working (ms), or null. */
  expiresAt: number | null;
  /** When the secret sent stops working (ms): set for a rolled key's previous secret only. */
  retiresAt: number | null;
}

/**
 * What an announcement said changed: one key (by its stored hash, as KeysService announces it), a
 * user's plan, or (after the subscription was lost a while) anything at all.
 */
export type KeyChange = { keyHash: string } | { userId: string } | 'anything';

interface CachedKey {
  key: ResolvedKey;
  /** The stored HMAC, which invalidations name. */
  hash: string;
  /** The row as read, to tell whether a re-read changed anything. */
  read: string;
}

const CACHE_LIMIT = 100_000;
const UNKNOWN_TTL_MS = 60_000;
/** Keys re-read per query when the cache is revalidated. */
const REVALIDATION_BATCH = 1_000;

const resolvedFrom = (row: KeyByHashRow): ResolvedKey => ({
  keyId: row.key_id,
  userId: row.user_id,
  status: row.status,
  plan: row.plan,
  kind: row.kind,
  scopes: new Set(row.scopes),
  networks: row.allowed_networks.length > 0 ? new KeyNetworks(row.allowed_networks) : null,
  origins: new Set(row.allowed_origins),
  monthlyCap: row.monthly_cap === null ? null : Number(row.monthly_cap),
  expiresAt: row.expires_at === null ? null : Number(row.expires_at),
  retiresAt: row.retires_at === null ? null : Number(row.retires_at),
});

const cachedFrom = (row: KeyByHashRow): CachedKey => ({
  key: resolvedFrom(row),
  hash: row.key_hash,
  read: JSON.stringify(row),
});

/** A key that exists but is no longer active: 403, whether on a call or on an open stream. */
export const keyDisabled = () =>
  new AppException(
    ErrorCode.ApiKeyDisabled,
    'This API key has been deactivated. Create a new key in your dashboard.',
  );

/** An unknown or malformed key: 401. */
export const invalidApiKey = () =>
  new AppException(
    ErrorCode.InvalidApiKey,
    'The API key is not valid. Copy it again from your dashboard, or create a new one.',
  );

/**
 * Resolves X-API-Key to its key and owner's plan from an in-process cache; only a key this instance
 * has not seen costs a PostgreSQL lookup. A disabled key or a changed plan is announced on Redis
 * and dropped from every instance's cache at once. Should an announcement be lost (a publish that
 * failed, a subscriber reconnecting), the cache is re-read from PostgreSQL in the background
 * every half of API_CACHE_MAX_AGE_SECONDS, so no entry is trusted longer than that unchecked.
 */
@Injectable()
export class ApiKeyResolver implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ApiKeyResolver.name);
  /** By a plain SHA-256 of the key: cheaper per call than the HMAC, and as irreversible. */
  private readonly known = growingLru<string, CachedKey>(CACHE_LIMIT);
  /** Digests PostgreSQL does not know, until when (ms) that is trusted. */
  private readonly unknown = growingLru<string, number>(CACHE_LIMIT);
  /**
   * The last well-formed key each connection sent and its digest: a client sends the same key call
   * after call, and comparing it costs far less than hashing it again. Held only while the
   * connection lives, which holds the key in its own buffers anyway.
   */
  private readonly lastOnConnection = new WeakMap<object, { key: string; digest: string }>();
  private readonly shape: RegExp;
  private subscriber?: Redis;
  private readonly revalidation = new BackgroundReread(() => this.rereadCache());
  /** Bumped by every invalidation, so a lookup that raced one does not cache what it read. */
  private generation = 0;
  private readonly changeListeners: ((change: KeyChange) => void)[] = [];

  private readonly keys: ApiKeysRepository;

  constructor(
    em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly connections: RedisConnections,
  ) {
    this.shape = new RegExp(`^${config.product.apiKeyPrefix}(?:pk_|test_)?[0-9a-f]{32}$`);
    this.keys = new ApiKeysRepository(em);
  }

  async onModuleInit(): Promise<void> {
    const subscriber = await this.connections.subscriber(this.redis, 'key-subscriber');
    this.subscriber = subscriber;
    const { keyChanged: keys, planChanged: plans } = pubSubChannels(this.config.redis.keyPrefix);
    subscriber.on('message', (channel: string, message: string) => {
      this.generation++;
      if (channel === keys) {
        this.forget((cached) => cached.hash === message);
        this.changed({ keyHash: message });
      }
      if (channel === plans) {
        this.forgetUser(message);
        this.changed({ userId: message });
      }
    });
    await subscriber.subscribe(keys, plans);
    // Announcements may have been missed while disconnected: start again from the database. The
    // cache is emptied once subscribed again (RedisConnections.subscriber: we subscribe, not ioredis), so no
    // announcement falls between the two.
    subscriber.on('ready', () => {
      subscriber.subscribe(keys, plans).then(
        () => {
          this.forget(() => true);
          this.changed('anything');
        },
        // Lost again before subscribing: the next 'ready' empties the cache.
        (error: Error) => this.logger.warn(`Could not subscribe again: ${error.message}`),
      );
    });
    this.revalidation.start(this.config.keys.cacheMaxAgeMs / 2);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.revalidation.stop();
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  /**
   * Re-reads every cached key and its owner's plan (BackgroundReread). An entry dropped or replaced
   * meanwhile (an announcement, a newer lookup) is left as it now is. While PostgreSQL is
   * unreachable the entries stay, so known keys keep being served, and the next round tries again.
   */
  private async rereadCache(): Promise<void> {
    const entries = [...this.known];
    const fresh = new Map<string, KeyByHashRow>();
    try {
      await inBatches(entries, REVALIDATION_BATCH, async (batch) => {
        const hashes = batch.map(([, cached]) => cached.hash);
        const rows = await this.keys.byHashes(hashes);
        for (const row of rows) fresh.set(row.key_hash, row);
      });
    } catch (error) {
      this.logger.warn(`Could not re-read ${entries.length} cached API key(s): ${(error as Error).message}`);
      return;
    }
    for (const [digest, cached] of entries) {
      if (this.known.peek(digest) !== cached) continue;
      const now = fresh.get(cached.hash);
      if (!now) this.known.delete(digest);
      else if (JSON.stringify(now) !== cached.read) this.known.set(digest, cachedFrom(now));
    }
  }

  /**
   * The key, synchronously when cached; throws 401 for a missing, malformed or unknown key.
   * `connection` (the client's socket) spares hashing the key its previous call on it sent.
   */
  resolve(rawKey: string | string[] | undefined, connection?: object): ResolvedKey | Promise<ResolvedKey> {
    const key = Array.isArray(rawKey) ? rawKey[0] : rawKey;
    if (key === undefined || key === '') {
      throw new AppException(
        ErrorCode.MissingApiKey,
        'Send your API key in the X-API-Key header. Create one in your dashboard.',
      );
    }
    const digest = this.digestOf(key, connection);
    const cached = this.known.get(digest);
    if (cached) return cached.key;
    const negativeUntil = this.unknown.get(digest);
    if (negativeUntil !== undefined && negativeUntil > Date.now()) throw invalidApiKey();
    return this.lookup(digest, hashApiKey(this.config.keys.hashSecret, key));
  }

  /** The SHA-256 of a well-formed key (throws 401 for a malformed one), remembered per connection. */
  private digestOf(key: string, connection: object | undefined): string {
    const last = connection && this.lastOnConnection.get(connection);
    if (last && last.key === key) return last.digest;
    if (!this.shape.test(key)) throw invalidApiKey();
    const digest = hash('sha256', key, 'base64');
    if (connection) this.lastOnConnection.set(connection, { key, digest });
    return digest;
  }

  private async lookup(digest: string, keyHash: string): Promise<ResolvedKey> {
    const generation = this.generation;
    const row = await this.keys.byHash(keyHash);
    if (!row) {
      this.unknown.set(digest, Date.now() + UNKNOWN_TTL_MS);
      throw invalidApiKey();
    }
    const cached = cachedFrom(row);
    if (generation === this.generation) this.known.set(digest, cached);
    return cached.key;
  }

  /**
   * Calls `listener` on each announced change of a key or a plan (after the cache has dropped what
   * it concerns): what holds a key beyond one call, an open stream, checks it again.
   */
  onChange(listener: (change: KeyChange) => void): void {
    this.changeListeners.push(listener);
  }

  private changed(change: KeyChange): void {
    for (const listener of this.changeListeners) listener(change);
  }

  /** Drops a user's cached keys, so the next request reads the current plan. */
  forgetUser(userId: string): void {
    const dropped = this.forget((cached) => cached.key.userId === userId);
    if (dropped) this.logger.debug(`Plan of ${userId} changed: dropped ${dropped} cached key(s)`);
  }

  /** Drops the cached keys that match; invalidations are rare, so a scan is fine. */
  private forget(matches: (cached: CachedKey) => boolean): number {
    this.generation++;
    const matching = [...this.known.entries()].filter(([, cached]) => matches(cached));
    for (const [digest] of matching) this.known.delete(digest);
    return matching.length;
  }
}
