import { type Opt, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { BillingCycle, PlanId } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';
import { Subscription } from './subscription.entity';
import { User } from './user.entity';

/**
 * created: waiting for the buyer at PayPal; captured: the money is ours; refunded: given back (a
 * refund or a chargeback); expired: an upgrade's quote ran out uncaptured (only our API captures,
 * and only before `expiresAt`), so it never will be.
 */
export type PaymentStatus = 'created' | 'captured' | 'refunded' | 'expired';

/** upgrade: an order for an upgrade's prorated difference; subscription: a recurring charge (a PayPal sale). */
export type PaymentKind = 'upgrade' | 'subscription';

/**
 * A payment PayPal took. `upgrade`: a one-time payment taken through PayPal's Orders API, an
 * upgrade's prorated difference for the rest of the paid period; its id is our reference (the order's
 * custom_id and invoice_id). `subscription`: a recurring charge of a subscription (a PayPal sale, its
 * id in `paypalCaptureId`), recorded by the worker from PAYMENT.SALE.* events; it has no order, no
 * plan it replaced and no quote to expire. What PayPal captured is recorded as PayPal reported it,
 * never as we asked for it.
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

  @Property({ type: 'string', length: 20 })
  kind: Opt<PaymentKind> = 'upgrade';

  /** The plan held when an upgrade was quoted (null for a subscription's charge), and the plan it pays for. */
  @Property({ type: 'string', length: 20, nullable: true })
  fromPlan: PlanId | null = null;

  @Property({ type: 'string', length: 10, nullable: true })
  fromBillingCycle: BillingCycle | null = null;

  @Property({ type: 'string', length: 20 })
  plan!: PlanId;

  @Property({ type: 'string', length: 10 })
  billingCycle!: BillingCycle;

  /** What we asked for, in minor units. */
  @Property({ type: 'integer' })
  amountMinor!: number;

  @Property({ type: 'string', length: 3 })
  currency!: string;

  /** The start of the period a subscription's charge pays for (an upgrade's starts at its capture). */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  periodStart: Date | null = null;

  /** The end of the paid period the payment covers: the quote holds only while that period is current. */
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  periodEnd!: Date;

  @Property({ type: 'string', length: 64, nullable: true, unique: true })
  paypalOrderId: string | null = null;

  /** PayPal's transaction id: the capture of an upgrade's order, or the sale of a subscription's charge. */
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

  /** After this the buyer's approval is no longer taken: the quote is asked for again (upgrades only). */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  expiresAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  /** The PayPal order of an upgrade's payment; a subscription's charge has none (a caller's mistake). */
  orderId(): string {
    if (this.paypalOrderId === null)
      throw new Error(`Payment ${this.id} is a ${this.kind} charge, not an order`);
    return this.paypalOrderId;
  }
}
