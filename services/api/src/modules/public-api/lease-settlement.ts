import { Logger } from '@nestjs/common';
import type { usageRedisKeys } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { Lease } from './lease-book';
import { SETTLE_LEASES_SCRIPT } from './metering.lua';

type SettlingRedis = Redis & {
  fxratesSettleLeases(numberOfKeys: number, ...keysThenArgs: (string | number)[]): Promise<number>;
};

/** Leases one script run settles at most; more go in several. */
const MAX_LEASES = 256;
const ATTEMPTS = 5;

/**
 * Settles leases in Redis: what they did not use goes back to their second's burst and the month,
 * and the calls they served go to the per-key counts. A run is retried on failure and applied once
 * even if retried after it succeeded (each run has an id of its own).
 */
export class LeaseSettlement {
  private readonly logger = new Logger(LeaseSettlement.name);
  private readonly redis: SettlingRedis;
  private readonly instance = randomUUID();
  private runs = 0;
  private readonly underWay = new Set<Promise<void>>();

  constructor(
    redis: Redis,
    private readonly keys: ReturnType<typeof usageRedisKeys>,
  ) {
    redis.defineCommand('fxratesSettleLeases', { lua: SETTLE_LEASES_SCRIPT });
    this.redis = redis as SettlingRedis;
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
    const keys = [
      this.keys.pending,
      this.keys.lastUsed,
      this.keys.settlement(`${this.instance}:${++this.runs}`),
    ];
    const args: (string | number)[] = [];
    for (const lease of leases) {
      keys.push(
        this.keys.burst(lease.userId, lease.second),
        this.keys.month(lease.userId, lease.month),
        this.keys.lease(lease.userId, lease.second),
      );
      args.push(lease.granted, lease.granted - lease.served, lease.byKey.size);
      for (const [keyId, { calls, lastUsed }] of lease.byKey) {
        args.push(`${keyId}|${lease.day}`, calls, keyId, lastUsed);
      }
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await this.redis.fxratesSettleLeases(keys.length, ...keys, ...args);
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
