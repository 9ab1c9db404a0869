import { Logger } from '@nestjs/common';
import type { PlanId } from '@fxrates/domain';
import type { UsageRedisKeys } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { settleLeasesRunner, type SettledLease } from './settle-leases.lua';

/**
 * Leases: units of a busy user's monthly quota and of one second's burst, reserved in Redis by the
 * metering script for this instance, which then meters that user's calls in that second without a
 * round trip. Granted only far from the quota's end (see METER_BATCH_SCRIPT); with
 * METERING_LEASES=off none is asked for. The life of a lease:
 *
 *                     meter script: all of a group's calls counted, the user busy here
 *                     (MIN_LEASE calls in the last second), the quota far away
 *                                     │  reserves the units in Redis: in the second's burst
 *                                     │  counter, the month counter and the lease counter
 *                                     ▼
 *                              ┌─────────────┐  take(): a call of the user in that second,
 *    another grant, same ─────►│    HELD     │◄─┐ served here without a round trip
 *    second: units added       │ (LeaseBook) │──┘
 *                              └─────────────┘
 *                      last unit taken │     │ the second is over (timer), or shutdown
 *                                      ▼     ▼
 *                              ┌─────────────────┐  settle script: unused units back to the
 *                              │    SETTLING     │  burst and the month, the lease counter down
 *                              │(LeaseSettlement)│  by the grant, the calls served to the per-key
 *                              └─────────────────┘  counts; retried, applied once per run id
 *                             applied │     │ failed ATTEMPTS times
 *                                     ▼     ▼
 *                              SETTLED      ABANDONED: logged; the unused units stay counted and
 *                                           the lease counter lapses with the window (WINDOW_TTL_MS)
 *
 * While a lease of a user is HELD or SETTLING (its lease counter is above 0), a call that another
 * instance would refuse in that second or the two after it is deferred, not refused, since the
 * unused units may still come back: MeteringService asks again once the second is over.
 *
 * @packageDocumentation
 */

/** Units of one user's quota and burst for one second, reserved in Redis for this instance to meter. */
export interface Lease extends SettledLease {
  plan: PlanId;
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
 * HELD: the leases this instance holds, by second, user and plan. A call takes one unit of its user's lease
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

/** Leases one script run settles at most; more go in several. */
const MAX_LEASES = 256;
const ATTEMPTS = 5;

/**
 * SETTLING: settles leases in Redis. What they did not use goes back to their second's burst and the
 * month, and the calls they served go to the per-key counts. A run is retried on failure and applied
 * once even if retried after it succeeded (each run has an id of its own).
 */
export class LeaseSettlement {
  private readonly logger = new Logger(LeaseSettlement.name);
  private readonly runScript: ReturnType<typeof settleLeasesRunner>;
  private readonly instance = randomUUID();
  private runs = 0;
  private readonly underWay = new Set<Promise<void>>();

  constructor(redis: Redis, layout: UsageRedisKeys) {
    this.runScript = settleLeasesRunner(redis, layout);
  }

  settle(leases: Lease[]): Promise<void> {
    const runs: Promise<void>[] = [];
    for (let start = 0; start < leases.length; start += MAX_LEASES) {
      runs.push(this.run(leases.slice(start, start + MAX_LEASES)));
    }
    const done = Promise.all(runs).then(() => undefined);
    this.underWay.add(done);
    void done.finally(() => this.underWay.delete(done));
    return done;
  }

  /** Waits for the settlements under way (at shutdown). */
  async drain(): Promise<void> {
    await Promise.all([...this.underWay]);
  }

  private async run(leases: Lease[]): Promise<void> {
    const runId = `${this.instance}:${++this.runs}`;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.runScript(runId, leases);
        return;
      } catch (error) {
        if (attempt >= ATTEMPTS) {
          this.logger.error(
            `Settling ${leases.length} leases failed ${attempt} times: their unused units stay counted and their calls are missing from the per-key counts: ${String(error)}`,
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
  }
}
