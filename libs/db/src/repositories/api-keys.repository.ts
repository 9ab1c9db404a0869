import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiKeyStatus, PlanId } from '@fxrates/domain';
import { ApiKey, User } from '../entities';
import { forWrites } from './entity-manager-for-writes';

/** A key as the metered path resolves it: by its stored hash, with its owner's plan. */
export interface KeyByHashRow {
  key_hash: string;
  key_id: string;
  user_id: string;
  status: ApiKeyStatus;
  plan: PlanId;
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

/** A key's status and its owner's plan now. */
export interface KeyStatusRow {
  id: string;
  status: ApiKeyStatus;
  plan: PlanId;
}

const KEY_BY_HASH = `select k.key_hash, k.id as key_id, k.user_id, k.status, u.plan
                       from api_keys k join users u on u.id = k.user_id where k.key_hash`;

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
    const [row] = await this.em.getConnection().execute<KeyByHashRow[]>(`${KEY_BY_HASH} = ?`, [keyHash]);
    return row;
  }

  /** The keys with these stored hashes and their owners' plans, in one query; unknown hashes are absent. */
  async byHashes(keyHashes: readonly string[]): Promise<KeyByHashRow[]> {
    if (keyHashes.length === 0) return [];
    return this.em.getConnection().execute<KeyByHashRow[]>(`${KEY_BY_HASH} in (?)`, [keyHashes]);
  }

  /** Each key's status and its owner's plan now; keys deleted since are absent. */
  statusOf(keyIds: readonly string[]): Promise<KeyStatusRow[]> {
    if (keyIds.length === 0) return Promise.resolve([]);
    return this.em
      .getConnection()
      .execute<KeyStatusRow[]>(
        'select k.id, k.status, u.plan from api_keys k join users u on u.id = k.user_id where k.id in (?)',
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
