import { ArrayType, type Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { QUOTA_ALERT_THRESHOLDS, type PlanId, type QuotaAlertThreshold } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';

/** A registered account. The email is stored trimmed and lower-cased, and unique (citext). */
@Entity({ tableName: 'users' })
export class User {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', columnType: 'citext', unique: true })
  email!: string;

  /** argon2id PHC string; never serialised. */
  @Property({ type: 'text', hidden: true, lazy: true })
  passwordHash!: string;

  @Property({ type: 'string', length: 100 })
  firstName!: string;

  @Property({ type: 'string', length: 100 })
  lastName!: string;

  @Property({ type: 'string', length: 200, nullable: true })
  company: string | null = null;

  @Property({ type: 'string', length: 201 })
  displayName!: string;

  /** The plan in force; only a verified payment moves it off `free`. */
  @Property({ type: 'string', length: 20 })
  plan: PlanId = 'free';

  /** The plan picked when registering (carried to checkout); grants nothing by itself. */
  @Property({ type: 'string', length: 20, nullable: true })
  chosenPlan: PlanId | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  /** The last sign-in with email and password; null while only the sign-up's session exists. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  lastSignInAt: Date | null = null;

  /**
   * When the user proved they own `email` (the verification link). Null until then: no API key and no
   * mail but the verification itself. Accounts older than the rule were marked verified.
   */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null = null;

  /**
   * The quota alerts (75, 90, 100 % of the month's quota) the user wants emailed; all
   * three unless they turned some off. A threshold passed while off is recorded as skipped, not sent.
   */
  @Property({
    type: new ArrayType<QuotaAlertThreshold>((stored) => Number(stored) as QuotaAlertThreshold),
    columnType: 'smallint[]',
  })
  quotaAlertThresholds: Opt<QuotaAlertThreshold[]> = [...QUOTA_ALERT_THRESHOLDS];

  /**
   * When the account was deleted: its personal fields are erased and its address is a
   * placeholder; the row stays for the payments and subscriptions kept for accounting. It signs in
   * to nothing.
   */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  deletedAt: Date | null = null;
}
