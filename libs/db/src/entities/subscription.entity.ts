import { type Ref, type RequiredEntityData } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { BillingCycle, PendingPlanChange, PlanId } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

/** A user's subscription as the account page shows it. Money is integer minor units + currency. */
@Entity({ tableName: 'subscriptions' })
export class Subscription {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'string', length: 20 })
  plan!: PlanId;

  @Property({ type: 'string', length: 10 })
  billingCycle!: BillingCycle;

  /** PayPal's status in lower case, or `refused`: PayPal's subscription pays for none of our plans at our price. */
  @Property({ type: 'string', length: 20 })
  status!: string;

  @Property({ type: 'string', length: 64, nullable: true, unique: true })
  paypalSubscriptionId: string | null = null;

  @Property({ type: 'integer' })
  amountMinor!: number;

  @Property({ type: 'string', length: 3 })
  currency!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  startDate: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  currentPeriodEnd: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  lastPaymentAt: Date | null = null;

  /** When PayPal took the newest payment we know completed (a sale's create_time). */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  paidSaleAt: Date | null = null;

  /** When PayPal took the newest payment we know was refunded or reversed (a sale's create_time). */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  revokedSaleAt: Date | null = null;

  /**
   * A refunded or reversed payment no longer pays for its period: until PayPal takes a payment after
   * it, the subscription pays for nothing, whatever status PayPal reports.
   */
  paymentRevoked(): boolean {
    return this.revokedSaleAt !== null && (this.paidSaleAt === null || this.paidSaleAt <= this.revokedSaleAt);
  }

  /**
   * A downgrade PayPal has confirmed (its plan_id is already the cheaper plan, billed from its next
   * cycle) while this row keeps the plan paid for until `pendingChangeAt`, the end of that period.
   * The three are set together or not at all.
   */
  @Property({ type: 'string', length: 20, nullable: true })
  pendingPlan: PlanId | null = null;

  @Property({ type: 'string', length: 10, nullable: true })
  pendingBillingCycle: BillingCycle | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  pendingChangeAt: Date | null = null;

  /**
   * Bought while an earlier subscription's paid time ran on: PayPal starts billing it (start_time)
   * when that time ends, and until then it grants nothing; the earlier one's plan holds.
   */
  startsLater(now: Date = new Date()): boolean {
    return this.startDate !== null && this.startDate.getTime() > now.getTime();
  }

  /** The waiting downgrade as the API shows it, or null. */
  pendingChange(): PendingPlanChange | null {
    if (!this.pendingPlan || !this.pendingBillingCycle || !this.pendingChangeAt) return null;
    return {
      plan: this.pendingPlan,
      billingCycle: this.pendingBillingCycle,
      effectiveAt: this.pendingChangeAt.toISOString(),
    };
  }

  /** PayPal's update_time of the state stored here; an older state is never applied over it. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  paypalUpdatedAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();
}

/**
 * Of a user's two newest subscriptions (newest first): the one that holds now, and one bought to
 * start when that one's paid time ends (startsLater), which holds nothing yet.
 */
export function heldAndUpcoming(
  newestFirst: readonly Subscription[],
  now: Date = new Date(),
): { held: Subscription | null; upcoming: Subscription | null } {
  const [newest, before] = newestFirst;
  if (newest?.startsLater(now)) return { held: before ?? null, upcoming: newest };
  return { held: newest ?? null, upcoming: null };
}

/** The subscription row every account starts with, from sign-up: the free plan, active, at no cost. */
export function freeSubscriptionOf(user: User, at: Date): RequiredEntityData<Subscription> {
  return {
    user,
    plan: 'free',
    billingCycle: 'monthly',
    status: 'active',
    amountMinor: 0,
    currency: 'USD',
    startDate: at,
    createdAt: at,
  };
}
