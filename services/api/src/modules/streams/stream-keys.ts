import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiKeysRepository } from '@fxrates/db';
import type { ApiKeyScope, ApiKeyStatus, PlanId } from '@fxrates/domain';
import { inBatches } from '../../common/caching';

/** What a stream's key is now: its status, its owner's plan, its scopes and expiry (ms or null). */
export interface KeyNow {
  status: ApiKeyStatus;
  plan: PlanId;
  scopes: readonly ApiKeyScope[];
  expiresAt: number | null;
}

/** Keys read per query. */
const BATCH = 1_000;

/**
 * The keys open streams were authorised with, read again from PostgreSQL: a stream outlives the call
 * that checked its key, so a key disabled or a plan changed since must reach it too.
 */
export class StreamKeys {
  private readonly keys: ApiKeysRepository;

  constructor(em: EntityManager) {
    this.keys = new ApiKeysRepository(em);
  }

  /** Each key's status, owner's plan, scopes and expiry now; a key deleted since is absent. */
  async current(keyIds: readonly string[]): Promise<Map<string, KeyNow>> {
    const now = new Map<string, KeyNow>();
    await inBatches(keyIds, BATCH, async (batch) => {
      for (const row of await this.keys.statusOf(batch)) {
        const expiresAt = row.expires_at === null ? null : Number(row.expires_at);
        now.set(row.id, { status: row.status, plan: row.plan, scopes: row.scopes, expiresAt });
      }
    });
    return now;
  }

  /** The id of the key with this stored hash (what a key's announcement names), if any. */
  async idOf(keyHash: string): Promise<string | undefined> {
    return this.keys.idByHash(keyHash);
  }
}
