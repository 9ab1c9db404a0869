import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiKeyStatus, PlanId } from '@fxrates/domain';
import { inBatches } from '../../common/caching';

/** What a stream's key is now: its status and its owner's plan. */
export interface KeyNow {
  status: ApiKeyStatus;
  plan: PlanId;
}

/** Keys read per query. */
const BATCH = 1_000;

/**
 * The keys open streams were authorised with, read again from PostgreSQL: a stream outlives the call
 * that checked its key, so a key disabled or a plan changed since must reach it too.
 */
export class StreamKeys {
  constructor(private readonly em: EntityManager) {}

  /** Each key's status and owner's plan now; a key deleted since is absent. */
  async current(keyIds: readonly string[]): Promise<Map<string, KeyNow>> {
    const now = new Map<string, KeyNow>();
    await inBatches(keyIds, BATCH, async (batch) => {
      const rows: { id: string; status: ApiKeyStatus; plan: PlanId }[] = await this.em
        .getConnection()
        .execute(
          'select k.id, k.status, u.plan from api_keys k join users u on u.id = k.user_id where k.id in (?)',
          [batch],
        );
      for (const { id, status, plan } of rows) now.set(id, { status, plan });
    });
    return now;
  }

  /** The id of the key with this stored hash (what a key's announcement names), if any. */
  async idOf(keyHash: string): Promise<string | undefined> {
    const [row]: { id: string }[] = await this.em
      .getConnection()
      .execute('select id from api_keys where key_hash = ?', [keyHash]);
    return row?.id;
  }
}
