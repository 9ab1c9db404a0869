import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { PlanId, QuotaAlertThreshold } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';
import { EmailedRow } from './emailed-row.entity';

/**
 * A threshold (75, 90 or 100 % of the month's quota) a user's metered calls have passed, recorded by
 * the usage flush in the transaction that counted the calls, then emailed by the worker. One row per
 * user, month, quota and threshold: the unique key is what makes the email go out once, whatever
 * BullMQ redelivers. The quota is part of it so that a user who upgrades mid-month is warned again
 * before the new plan's quota runs out.
 */
@Entity({ tableName: 'quota_alerts' })
@Unique({ properties: ['userId', 'month', 'monthlyQuota', 'threshold'] })
export class QuotaAlert extends EmailedRow {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  /** The metering month, "2026-11" (UTC). */
  @Property({ type: 'string', length: 7 })
  month!: string;

  @Property({ type: 'smallint' })
  threshold!: QuotaAlertThreshold;

  @Property({ type: 'string', length: 20 })
  plan!: PlanId;

  @Property({ type: 'integer' })
  monthlyQuota!: number;

  /** Calls counted this month when the threshold was found passed. */
  @Property({ type: 'bigint', columnType: 'bigint' })
  used!: string;

  /** Passed in the same flush as a higher threshold: recorded, never emailed (the higher one is). */
  @Property({ type: 'boolean' })
  superseded: boolean = false;

  /**
   * Due while the user's address was unverified, or while its threshold was turned off:
   * never emailed, and the sweep leaves it alone.
   */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  skippedAt: Date | null = null;
}
