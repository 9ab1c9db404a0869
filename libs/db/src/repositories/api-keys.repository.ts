import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiKeyKind, ApiKeyScope, ApiKeyStatus, PlanId } from '@fxrates/domain';
import { ApiKey, User } from '../entities';
import { forWrites } from './entity-manager-for-writes';

/**
 * A key as the metered path resolves it: by a stored hash (its secret's, or after a roll its previous
 * secret's), with its owner's plan and what restricts it.
 */
export interface KeyByHashRow {
  /** The hash asked about: the key's current one, or its previous secret's. */
  key_hash: string;
  key_id: string;
  user_id: string;
  status: ApiKeyStatus;
  plan: PlanId;
  kind: ApiKeyKind;
  scopes: ApiKeyScope[];
  allowed_networks: string[];
  allowed_origins: string[];
  /** bigint, as text. */
  monthly_cap: string | null;
  /** When the key expires, in ms since the epoch (as text), or null. */
  expires_at: string | null;
  /** Set when `key_hash` is the previous secret's: when it stops working, in ms (as text). */
  retires_at: string | null;
}

/** What a new key row needs: the caller makes the key and its stored hash. */
export interface NewApiKey {
  userId: string;
  name: string;
  keyHash: string;
  keyPrefix: string;
  keyLast4: string;
  status?: ApiKeyStatus;
  createdAt?: Date;
  disabledAt?: Date | null;
}

/** A key's status, its owner's plan, its scopes and expiry now. */
export interface KeyStatusRow {
  id: string;
  status: ApiKeyStatus;
  plan: PlanId;
  scopes: ApiKeyScope[];
  /** ms since the epoch (as text), or null. */
  expires_at: string | null;
}

/** A timestamptz as whole milliseconds since the epoch: no date text to parse on the way. */
const EPOCH_MS = (column: string) => `floor(extract(epoch from ${column}) * 1000)::bigint`;

/** Matches a hash against both secrets of a key; each half uses its own unique index. */
const KEYS_BY_HASHES = `
  select h.hash as key_hash, k.id as key_id, k.user_id, k.status, u.plan, k.kind, k.scopes,
         k.allowed_networks, k.allowed_origins, k.monthly_cap, ${EPOCH_MS('k.expires_at')} as expires_at,
         case when k.key_hash = h.hash then null else ${EPOCH_MS('k.previous_retires_at')} end as retires_at
    from unnest(?::text[]) as h(hash)
    join api_keys k on k.key_hash = h.hash
      or (k.previous_key_hash = h.hash and k.previous_retires_at is not null)
    join users u on u.id = k.user_id`;

/**
 * The queries of api_keys that the entity cannot say as well: the metered path's resolution by hash
 * (on every call whose key is not cached), bulk status changes and the purge of old disabled keys.
 * Run inside a transaction by building it on the transaction's EntityManager: its statements join it.
 */
export class ApiKeysRepository {
  constructor(private readonly em: EntityManager) {}

  /** Inserts a key and answers it. */
  async create(key: NewApiKey): Promise<ApiKey> {
    const [entity] = await this.createMany([key]);
    return entity;
  }

  /** Inserts keys in one flush (one statement), answered in the order given. */
  async createMany(keys: readonly NewApiKey[]): Promise<ApiKey[]> {
    const em = forWrites(this.em);
    const entities = keys.map(({ userId, ...rest }) =>
      em.create(ApiKey, {
        ...rest,
        user: em.getReference(User, userId),
        status: rest.status ?? 'active',
        createdAt: rest.createdAt ?? new Date(),
        disabledAt: rest.disabledAt ?? (rest.status === 'disabled' ? new Date() : null),
        totalRequests: 0,
      }),
    );
    await em.flush();
    return entities;
  }

  /** The key with this stored hash and its owner's plan, if any. */
  async byHash(keyHash: string): Promise<KeyByHashRow | undefined> {
    const [row] = await this.byHashes([keyHash]);
    return row;
  }

  /** The keys with these stored hashes and their owners' plans, in one query; unknown hashes are absent. */
  async byHashes(keyHashes: readonly string[]): Promise<KeyByHashRow[]> {
    if (keyHashes.length === 0) return [];
    return this.em.getConnection().execute<KeyByHashRow[]>(KEYS_BY_HASHES, [`{${keyHashes.join(',')}}`]);
  }

  /** Each key's status, its owner's plan, scopes and expiry now; keys deleted since are absent. */
  statusOf(keyIds: readonly string[]): Promise<KeyStatusRow[]> {
    if (keyIds.length === 0) return Promise.resolve([]);
    return this.em.getConnection().execute<KeyStatusRow[]>(
      `select k.id, k.status, u.plan, k.scopes, ${EPOCH_MS('k.expires_at')} as expires_at
           from api_keys k join users u on u.id = k.user_id where k.id in (?)`,
      [keyIds],
    );
  }

  /** The id of the key with this stored hash, if any. */
  async idByHash(keyHash: string): Promise<string | undefined> {
    const [row] = await this.em
      .getConnection()
      .execute<{ id: string }[]>('select id from api_keys where key_hash = ?', [keyHash]);
    return row?.id;
  }

  /**
   * The ids of the user's keys that may have calls in a month starting `monthStart` (YYYY-MM-DD):
   * active ones, and those disabled in it or the day before (a disabled key may still be served for
   * a minute).
   */
  async idsUsableSince(userId: string, monthStart: string): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from api_keys
        where user_id = ? and (status = 'active' or disabled_at >= ?::date - interval '1 day')`,
      [userId, monthStart],
    );
    return rows.map(({ id }) => id);
  }

  /**
   * Locks the user's row until the transaction ends, serialising their key creations so the
   * active-key limit cannot be overrun; false when the user does not exist.
   */
  async lockOwner(userId: string): Promise<boolean> {
    const rows = await this.em.execute('select id from users where id = ? for update', [userId]);
    return rows.length > 0;
  }

  /** Disables every key of the user (keeping an earlier disabling time); answers their stored hashes. */
  async disableAllOf(userId: string): Promise<string[]> {
    const rows = await this.em.execute<{ key_hash: string }[]>(
      `update api_keys set status = 'disabled', disabled_at = coalesce(disabled_at, now())
        where user_id = ? returning key_hash`,
      [userId],
    );
    return rows.map((row) => row.key_hash);
  }

  /**
   * Deletes the user's disabled keys beyond the `keep` most recently disabled; answers how many went.
   * Their calls stay in usage_daily, which names its owner.
   */
  async purgeDisabledBeyond(userId: string, keep: number): Promise<number> {
    const purged = await this.em.execute<{ id: string }[]>(
      `delete from api_keys where id in (
         select id from api_keys where user_id = ? and status = 'disabled'
          order by disabled_at desc, created_at desc, id desc
         offset ?)
       returning id`,
      [userId, keep],
    );
    return purged.length;
  }
}
