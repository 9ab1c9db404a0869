import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookEventEnvelope, WebhookEventType } from '@fxrates/domain';
import { WebhookDelivery, WebhookEndpoint } from '../entities';

/** Who receives an event (see WebhookAudience in @fxrates/queues). */
export type WebhookRecipients =
  { userId: string } | { everyone: true } | { pair: string; changePercent: string };

/** A page of an endpoint's deliveries, newest first, and where the next starts. */
export interface DeliveryPage {
  deliveries: WebhookDelivery[];
  next: { createdAt: Date; id: string } | null;
}

/** An endpoint the worker disabled after its last failed delivery. */
export interface DisabledEndpointRow {
  id: string;
  user_id: string;
  url: string;
  disabled_at: Date;
}

/** Who of the active endpoints subscribed to the event's type receives it. */
function recipientsFilter(recipients: WebhookRecipients): { sql: string; params: unknown[] } {
  if ('userId' in recipients) return { sql: 'and e.user_id = ?', params: [recipients.userId] };
  if ('pair' in recipients) {
    return {
      sql: 'and ? = any(e.pairs) and e.min_change_percent <= abs(?::numeric)',
      params: [recipients.pair, recipients.changePercent],
    };
  }
  return { sql: '', params: [] };
}

/**
 * webhook_endpoints and webhook_deliveries: the API's management of an account's endpoints and
 * their delivery log, the worker's fan-out, attempts, metering and disabling.
 */
export class WebhooksRepository {
  constructor(private readonly em: EntityManager) {}

  countOf(userId: string): Promise<number> {
    return this.em.count(WebhookEndpoint, { userId });
  }

  listOf(userId: string): Promise<WebhookEndpoint[]> {
    return this.em.find(WebhookEndpoint, { userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** The account's endpoint, or null (another account's is null too). */
  findOf(userId: string, id: string): Promise<WebhookEndpoint | null> {
    return this.em.findOne(WebhookEndpoint, { id, userId });
  }

  /** Whether the account has an active endpoint receiving `type` (e.g. before an alert by webhook is accepted). */
  async hasActiveEndpointFor(userId: string, type: WebhookEventType): Promise<boolean> {
    return (
      (await this.em.count(WebhookEndpoint, { userId, status: 'active', events: { $contains: [type] } })) > 0
    );
  }

  /** The endpoint with its sealed secret (the worker signs with it). */
  withSecret(id: string): Promise<WebhookEndpoint | null> {
    return this.em.findOne(WebhookEndpoint, { id }, { populate: ['secretSealed'] });
  }

  findDelivery(id: string): Promise<WebhookDelivery | null> {
    return this.em.findOne(WebhookDelivery, { id });
  }

  /** The endpoint's delivery, or null when it is another endpoint's. */
  findDeliveryOf(endpointId: string, id: string): Promise<WebhookDelivery | null> {
    return this.em.findOne(WebhookDelivery, { id, endpointId });
  }

  /** The endpoint's deliveries, newest first, after the cursor (the last of the previous page). */
  async deliveriesOf(
    endpointId: string,
    limit: number,
    after?: { createdAt: Date; id: string },
  ): Promise<DeliveryPage> {
    const rows = await this.em.find(
      WebhookDelivery,
      after
        ? {
            endpointId,
            $or: [
              { createdAt: { $lt: after.createdAt } },
              { createdAt: after.createdAt, id: { $lt: after.id } },
            ],
          }
        : { endpointId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1 },
    );
    const deliveries = rows.slice(0, limit);
    const last = deliveries[deliveries.length - 1];
    return {
      deliveries,
      next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
    };
  }

  /**
   * Stores one pending delivery of the event per active endpoint subscribed to its type that should
   * receive it (none twice: the unique index on endpoint and event), and answers the ids of every
   * first delivery of the event still pending, those stored by an earlier run included.
   */
  async fanOut(event: WebhookEventEnvelope, recipients: WebhookRecipients): Promise<string[]> {
    const filter = recipientsFilter(recipients);
    await this.em.execute(
      `insert into webhook_deliveries (id, endpoint_id, user_id, event_id, type, payload, status, created_at)
         select gen_random_uuid(), e.id, e.user_id, ?, ?, ?::jsonb, 'pending', now()
           from webhook_endpoints e
          where e.status = 'active' and ? = any(e.events) ${filter.sql}
       on conflict (endpoint_id, event_id) where replay_of is null do nothing`,
      [event.id, event.type, JSON.stringify(event), event.type, ...filter.params],
    );
    const pending = await this.em.execute<Array<{ id: string }>>(
      `select id from webhook_deliveries
        where event_id = ? and replay_of is null and status = 'pending'
        order by created_at, id`,
      [event.id],
    );
    return pending.map((row) => row.id);
  }

  /** The pairs some active endpoint watches for `rate.changed`, with the least change any of them wants. */
  async watchedPairs(): Promise<Map<string, number>> {
    const rows = await this.em.execute<Array<{ pair: string; min_change: string }>>(
      `select p.pair, min(e.min_change_percent)::text as min_change
         from webhook_endpoints e, unnest(e.pairs) as p(pair)
        where e.status = 'active' and 'rate.changed' = any(e.events)
        group by p.pair`,
    );
    return new Map(rows.map((row) => [row.pair, Number(row.min_change)]));
  }

  /** Counts an attempt about to be sent. */
  async attemptStarted(deliveryId: string): Promise<void> {
    await this.em.execute(
      'update webhook_deliveries set attempts = attempts + 1, next_attempt_at = null where id = ?',
      [deliveryId],
    );
  }

  /**
   * The attempt got a 2xx: delivered, the endpoint's run of failed deliveries ends and, with
   * `meterOn` (a day), the event's one metered call for the account is counted (usage_daily, under
   * the account's own id as the key id) unless another delivery of the event to the account counted
   * it. One transaction: the delivery is never delivered without its count, nor counted twice.
   * Answers whether this call counted it.
   */
  async delivered(
    delivery: { id: string; endpointId: string; userId: string; eventId: string },
    status: number,
    meterOn: string | null,
  ): Promise<boolean> {
    return this.em.fork().transactional(async (tx) => {
      await tx.nativeUpdate(
        WebhookDelivery,
        { id: delivery.id },
        {
          status: 'delivered',
          lastStatus: status,
          lastError: null,
          deliveredAt: new Date(),
          nextAttemptAt: null,
        },
      );
      await tx.nativeUpdate(
        WebhookEndpoint,
        { id: delivery.endpointId, failedDeliveriesInRow: { $gt: 0 } },
        { failedDeliveriesInRow: 0 },
      );
      if (meterOn === null) return false;
      // One account and event at a time: two endpoints' deliveries of it cannot both count it.
      await tx.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [
        `webhook-meter|${delivery.userId}|${delivery.eventId}`,
      ]);
      const marked = await tx.execute<Array<{ id: string }>>(
        `update webhook_deliveries d set metered = true
          where d.id = ? and not d.metered
            and not exists (select 1 from webhook_deliveries o
                             where o.user_id = d.user_id and o.event_id = d.event_id and o.metered)
      returning d.id`,
        [delivery.id],
      );
      if (marked.length === 0) return false;
      await tx.execute(
        `insert into usage_daily (key_id, user_id, day, requests) values (?, ?, ?, 1)
         on conflict (key_id, day) do update set requests = usage_daily.requests + 1`,
        [delivery.userId, delivery.userId, meterOn],
      );
      return true;
    });
  }

  /** An attempt failed; another follows at `nextAttemptAt`, or none (null): the delivery failed. */
  async attemptFailed(
    deliveryId: string,
    outcome: { status: number | null; error: string },
    nextAttemptAt: Date | null,
  ): Promise<void> {
    await this.em.nativeUpdate(
      WebhookDelivery,
      { id: deliveryId },
      {
        lastStatus: outcome.status,
        lastError: outcome.error.slice(0, 500),
        nextAttemptAt,
        ...(nextAttemptAt ? {} : { status: 'failed' as const }),
      },
    );
  }

  /**
   * A delivery's every attempt failed: one more in the endpoint's run, and once the run reaches
   * `disableAfter` the endpoint is disabled (answered once, by the call that disabled it).
   */
  async deliveryExhausted(
    endpointId: string,
    disableAfter: number,
    reason: string,
  ): Promise<DisabledEndpointRow | null> {
    const rows = await this.em.execute<DisabledEndpointRow[]>(
      `update webhook_endpoints
          set failed_deliveries_in_row = failed_deliveries_in_row + 1,
              status = case when failed_deliveries_in_row + 1 >= ? then 'disabled' else status end,
              disabled_reason = case when failed_deliveries_in_row + 1 >= ? then ? else disabled_reason end,
              disabled_at = case when failed_deliveries_in_row + 1 >= ? then now() else disabled_at end,
              disabled_notice_emailed_at = case when failed_deliveries_in_row + 1 >= ? then null else disabled_notice_emailed_at end,
              updated_at = now()
        where id = ? and status = 'active'
    returning id, user_id, url, disabled_at, status`,
      [disableAfter, disableAfter, reason, disableAfter, disableAfter, endpointId],
    );
    const row = rows[0] as (DisabledEndpointRow & { status: string }) | undefined;
    return row && row.status === 'disabled'
      ? { id: row.id, user_id: row.user_id, url: row.url, disabled_at: row.disabled_at }
      : null;
  }

  /** The disabling notice went out. */
  async disabledNoticeEmailed(endpointId: string): Promise<void> {
    await this.em.nativeUpdate(WebhookEndpoint, { id: endpointId }, { disabledNoticeEmailedAt: new Date() });
  }

  /** The account's metered webhook calls of a day (tests and the usage page). */
  async meteredOn(userId: string, day: string): Promise<number> {
    const rows = await this.em.execute<Array<{ requests: string }>>(
      'select requests::text from usage_daily where key_id = ? and day = ?',
      [userId, day],
    );
    return Number(rows[0]?.requests ?? 0);
  }
}
