import type { EntityManager } from '@mikro-orm/postgresql';

/** The webhook events we received (webhook_events), as the sweeps read them. */
export class WebhookEventsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The ids of `provider`'s events not applied yet, oldest first, at most `limit`. */
  async unappliedIds(provider: string, limit: number): Promise<string[]> {
    const rows = await this.em.execute<{ event_id: string }[]>(
      `select event_id from webhook_events
        where provider = ? and processed_at is null
        order by received_at limit ?`,
      [provider, limit],
    );
    return rows.map((row) => row.event_id);
  }
}
