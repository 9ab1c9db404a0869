import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { RateAlertChannel, RateAlertCondition } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';
import { EmailedRow } from './emailed-row.entity';

/**
 * One firing of a rate alert, written in the statement that moved the alert from armed to triggered
 * (so it exists exactly when the alert fired), then delivered: by email through the email queue (its
 * id is the job's), or as an `alert.triggered` webhook event (its id is the event's). What fired is
 * copied, so the message says what happened even if the alert is changed or deleted before it goes.
 */
@Entity({ tableName: 'rate_alert_firings' })
export class RateAlertFiring extends EmailedRow {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Null once the alert is deleted; the firing stays until delivered. */
  @Property({ type: 'uuid', nullable: true })
  alertId: string | null = null;

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'string', length: 12 })
  base!: string;

  @Property({ type: 'string', length: 12 })
  quote!: string;

  @Property({ type: 'string', length: 10 })
  condition!: RateAlertCondition;

  @Property({ type: 'decimal', columnType: 'numeric', nullable: true })
  level: string | null = null;

  @Property({ type: 'decimal', columnType: 'numeric', nullable: true })
  changePercent: string | null = null;

  @Property({ type: 'integer', nullable: true })
  windowMinutes: number | null = null;

  /** `change`: the rate `windowMinutes` before. */
  @Property({ type: 'decimal', columnType: 'numeric', nullable: true })
  previousRate: string | null = null;

  @Property({ type: 'decimal', columnType: 'numeric' })
  rate!: string;

  @Property({ type: 'string', length: 10 })
  channel!: RateAlertChannel;

  /** When the rate that fired it was published. */
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  firedAt!: Date;

  /** Webhook channel: when the `alert.triggered` event was handed to the webhook fan-out. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  emittedAt: Date | null = null;

  /** Not sent, and never will be (the address was unverified when it was due): why. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  skippedAt: Date | null = null;
}
