import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

/** A verified webhook event, stored once (provider + event id) before it is queued and applied. */
@Entity({ tableName: 'webhook_events' })
@Unique({ properties: ['provider', 'eventId'] })
export class WebhookEvent {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 20 })
  provider!: 'paypal';

  @Property({ type: 'string', length: 100 })
  eventId!: string;

  @Property({ type: 'string', length: 100 })
  type!: string;

  /** The PayPal subscription the event is about, when it names one. */
  @Property({ type: 'string', length: 100, nullable: true })
  resourceId: string | null = null;

  @Property({ type: 'json' })
  payload!: Record<string, unknown>;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  receivedAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  processedAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;
}
