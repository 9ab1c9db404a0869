import type { PlanId } from '@fxrates/domain';

/** Units of one user's quota and burst for one second, reserved in Redis for this instance to meter. */
export interface Lease {
  userId: string;
  plan: PlanId;
  /** The second (ms / 1000) the lease is valid in. */
  second: number;
  month: string;
  day: string;
  granted: number;
  /** Units used; the rest (`granted - served`) go back at settlement. */
  served: number;
  /** The month's count the calls served from the lease add to (it excludes the reserved units). */
  usedBefore: number;
  /** Calls served per key, and the last one's time. */
  byKey: Map<string, { calls: number; lastUsed: number }>;
}

export interface Grant {
  userId: string;
  plan: PlanId;
  second: number;
  month: string;
  day: string;
  units: number;
  /** The month's count when the lease was granted, before its units were reserved. */
  used: number;
}

const leaseId = (userId: string, plan: PlanId) => `${userId}|${plan}`;

/**
 * The leases this instance holds, by second, user and plan. A call takes one unit of its user's lease
 * for its second and plan if any is left; a second's leases are handed over for settlement once the
 * second is over (`onSecondOver`).
 */
export class LeaseBook {
  private readonly bySecond = new Map<number, Map<string, Lease>>();
  private usedUp: Lease[] = [];

  constructor(private readonly onSecondOver: (second: number) => void) {}

  /**
   * Takes one unit for a call of `keyId` at `now`; returns this month's count after it, or undefined.
   * A lease whose last unit this takes leaves the book for `usedUp`: settled at once, it no longer
   * makes another instance defer a refusal in its second.
   */
  take(userId: string, plan: PlanId, keyId: string, now: number): number | undefined {
    const users = this.bySecond.get(Math.floor(now / 1000));
    if (!users) return undefined;
    const id = leaseId(userId, plan);
    const lease = users.get(id);
    if (!lease) return undefined;
    lease.served++;
    if (lease.served === lease.granted) {
      users.delete(id);
      this.usedUp.push(lease);
    }
    const perKey = lease.byKey.get(keyId);
    if (perKey) {
      perKey.calls++;
      perKey.lastUsed = Math.max(perKey.lastUsed, now);
    } else {
      lease.byKey.set(keyId, { calls: 1, lastUsed: now });
    }
    return lease.usedBefore + lease.served;
  }

  add(grant: Grant): void {
    let users = this.bySecond.get(grant.second);
    if (!users) {
      this.bySecond.set(grant.second, (users = new Map()));
      const due = (grant.second + 1) * 1000 - Date.now();
      setTimeout(() => this.onSecondOver(grant.second), Math.max(0, due)).unref();
    }
    const id = leaseId(grant.userId, grant.plan);
    const lease = users.get(id);
    if (lease) {
      lease.granted += grant.units;
      lease.usedBefore = grant.used - lease.served;
      return;
    }
    users.set(id, {
      userId: grant.userId,
      plan: grant.plan,
      second: grant.second,
      month: grant.month,
      day: grant.day,
      granted: grant.units,
      served: 0,
      usedBefore: grant.used,
      byKey: new Map(),
    });
  }

  /** Removes and returns the leases of `second`, for settlement. */
  takeSecond(second: number): Lease[] {
    const leases = [...(this.bySecond.get(second)?.values() ?? [])];
    this.bySecond.delete(second);
    return leases;
  }

  get anyUsedUp(): boolean {
    return this.usedUp.length > 0;
  }

  /** Removes and returns the leases used up since the last call. */
  takeUsedUp(): Lease[] {
    const leases = this.usedUp;
    this.usedUp = [];
    return leases;
  }

  /** Every second that still holds leases (at shutdown). */
  seconds(): number[] {
    return [...this.bySecond.keys()];
  }
}
