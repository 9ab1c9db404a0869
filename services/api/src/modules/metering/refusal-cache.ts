import type { PlanId } from '@fxrates/domain';
import { growingLru } from '../../common/caching';
import type { MeterOutcome } from './meter-outcome';

/** A refusal Redis gave that will hold for every further call until `until`. */
export interface KnownRefusal {
  outcome: MeterOutcome.OverBurst | MeterOutcome.OverQuota;
  /** This month's count when Redis refused. */
  used: number;
  /** The plan it was decided under; after a plan change it no longer applies. */
  plan: PlanId;
  until: number;
}

const USERS_LIMIT = 100_000;

/**
 * Refusals that cannot turn into admissions: once a second's burst is used up, every further call
 * in that second is over it, and once the month's quota is used up, every further call is over it
 * until the plan changes. Answering those from memory spares Redis a client that keeps calling
 * after a 429. A quota refusal is only trusted for a short while, so an operator's correction of a
 * counter takes effect soon.
 */
export class RefusalCache {
  private readonly byUser = growingLru<string, KnownRefusal>(USERS_LIMIT);

  get(userId: string, plan: PlanId, now: number): KnownRefusal | undefined {
    const known = this.byUser.get(userId);
    if (!known) return undefined;
    if (known.until <= now) {
      this.byUser.delete(userId);
      return undefined;
    }
    return known.plan === plan ? known : undefined;
  }

  remember(userId: string, refusal: KnownRefusal): void {
    const known = this.byUser.get(userId);
    // A quota refusal outlasts a burst one; keep the longer-lived.
    if (known && known.plan === refusal.plan && known.until >= refusal.until) return;
    this.byUser.set(userId, refusal);
  }
}
