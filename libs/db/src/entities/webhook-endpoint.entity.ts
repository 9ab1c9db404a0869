import { ArrayType } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { WebhookEventType } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';

/**
 * An account's outgoing webhook endpoint (`/api/webhooks`): where events of the chosen types are
 * signed and sent. The signing secret is kept sealed (AES-256-GCM, webhook-secret-box.ts), the
 * worker opens it to sign. Disabled by its owner, or by the worker after repeated failure.
 */
@Entity({ tableName: 'webhook_endpoints' })
@Index({ properties: ['userId', 'createdAt'] })
export class WebhookEndpoint {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'string', length: 2048 })
  url!: string;

  @Property({ type: 'string', length: 200 })
  description: string = '';

  @Property({ type: ArrayType, columnType: 'text[]' })
  events!: WebhookEventType[];

  /** `rate.changed`: the pairs watched ("EUR/USD"). */
  @Property({ type: ArrayType, columnType: 'text[]' })
  pairs: string[] = [];

  /** `rate.changed`: the least change sent, in percent (numeric, as text). */
  @Property({ type: 'decimal', columnType: 'numeric(9,4)' })
  minChangePercent: string = '0';

  /** The Standard Webhooks secret (`whsec_…`), sealed; never answered after creation. */
  @Property({ type: 'text', hidden: true, lazy: true })
  secretSealed!: string;

  @Property({ type: 'string', length: 10 })
  status: 'active' | 'disabled' = 'active';

  @Property({ type: 'string', length: 300, nullable: true })
  disabledReason: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  disabledAt: Date | null = null;

  /** Deliveries in a row whose every attempt failed; any delivered one resets it. */
  @Property({ type: 'integer' })
  failedDeliveriesInRow: number = 0;

  /** The email telling the owner the worker disabled it: sent once per such disabling. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  disabledNoticeEmailedAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  updatedAt: Date = new Date();
}
