import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { WebhookDeliveryStatus, WebhookEventEnvelope, WebhookEventType } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';

/**
 * One event sent to one endpoint: made by the worker's fan-out (once per endpoint and event: the
 * unique index on both, replays aside), updated by each attempt. The dashboard's delivery log.
 */
@Entity({ tableName: 'webhook_deliveries' })
@Index({ properties: ['endpointId', 'createdAt'] })
export class WebhookDelivery {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  endpointId!: string;

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'string', length: 100 })
  eventId!: string;

  @Property({ type: 'string', length: 40 })
  type!: WebhookEventType;

  /** The body sent, as every attempt sends it. */
  @Property({ type: 'json' })
  payload!: WebhookEventEnvelope;

  @Property({ type: 'string', length: 10 })
  status: WebhookDeliveryStatus = 'pending';

  @Property({ type: 'integer' })
  attempts: number = 0;

  @Property({ type: 'smallint', nullable: true })
  lastStatus: number | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  lastError: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  deliveredAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null = null;

  @Property({ type: 'uuid', nullable: true })
  replayOf: string | null = null;

  /** This delivery counted the event's one metered call for the account. */
  @Property({ type: 'boolean' })
  metered: boolean = false;
}
