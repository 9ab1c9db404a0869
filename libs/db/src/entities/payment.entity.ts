import { Entity, Index, ManyToOne, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import type { BillingCycle, PlanId } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';
import { Subscription } from './subscription.entity';
import { User } from './user.entity';

/** created: waiting for the buyer at PayPal; captured: the money is ours; refunded: given back (a refund or a chargeback). */
export type PaymentStatus = 'created' | 'captured' | 'refunded';

/**
 * A one-time payment taken through PayPal's Orders API: today, an upgrade's prorated difference for
 * the rest of the paid period. Its id is our reference (the order's custom_id and invoice_id); what
 * PayPal captured is recorded as PayPal reported it, never as we asked for it.
 */
@Entity({ tableName: 'payments' })
export class Payment {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @ManyToOne(() => Subscription, { ref: true, deleteRule: 'cascade' })
  subscription!: Ref<Subscription>;

  @Property({ type: 'string', length: 20 })
  status: PaymentStatus = 'created';

  /** The plan held when the payment was quoted, and the plan it pays for. */
  @Property({ type: 'string', length: 20 })
  fromPlan!: PlanId;

  @Property({ type: 'string', length: 10 })
  fromBillingCycle!: BillingCycle;

  @Property({ type: 'string', length: 20 })
  plan!: PlanId;

  @Property({ type: 'string', length: 10 })
  billingCycle!: BillingCycle;

  /** What we asked for, in minor units. */
  @Property({ type: 'integer' })
  amountMinor!: number;

  @Property({ type: 'string', length: 3 })
  currency!: string;

  /** The end of the paid period the payment covers: the quote holds only while that period is current. */
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  periodEnd!: Date;

  @Property({ type: 'string', length: 64, unique: true })
  paypalOrderId!: string;

  @Property({ type: 'string', length: 64, nullable: true, unique: true })
  paypalCaptureId: string | null = null;

  /** PayPal's id of the account that paid. */
  @Property({ type: 'string', length: 32, nullable: true })
  payerId: string | null = null;

  /** What PayPal captured, in minor units, as its capture reported it. */
  @Property({ type: 'integer', nullable: true })
  capturedMinor: number | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  capturedAt: Date | null = null;

  /** After this the buyer's approval is no longer taken: the quote is asked for again. */
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();
}
