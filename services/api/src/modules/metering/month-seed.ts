import type { UsageRepository } from '@fxrates/db';
import type { usageRedisKeys } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import type { UsagePeriod } from './usage-period';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Seeds a user's month counter in Redis from PostgreSQL when it is missing: on the user's first call of
 * a month, and after Redis lost its data (a restart without persistence, FLUSHDB, a failover), so a
 * quota decision never starts the month again from 0. Runs only when the metering script finds no
 * counter; a counter present costs nothing here.
 *
 * Exact across instances: the seed is written with SET NX, so every instance meters on from the
 * same value, whichever read first. The read takes a SHARE lock on usage_daily, which waits for a
 * usage flush whose transaction is under way: the seed holds either all of a batch being applied or
 * none of it. While the counter is missing no call of the user is counted anywhere, so nothing moves
 * between the read and the SET.
 */
export class MonthSeeds {
  private readonly underWay = new Map<string, Promise<void>>();

  constructor(
    private readonly usage: UsageRepository,
    private readonly redis: Redis,
    private readonly keys: ReturnType<typeof usageRedisKeys>,
    private readonly ttlSeconds: number,
  ) {}

  /**
   * Resolves once the user's counter for `period`'s month exists (seeded here or by anyone else),
   * and with `keyId` (a key with a cap of its own) the key's too. A key's counter seeded mid-month
   * misses its calls of the last seconds that the worker has not yet written to PostgreSQL.
   */
  seed(userId: string, period: UsagePeriod, keyId?: string): Promise<void> {
    const user = this.once(`${userId}|${period.month}`, async () => {
      const used = await this.read(userId, (id, month) => this.usage.monthTotalSettled(id, month), period);
      await this.redis.set(this.keys.month(userId, period.month), used, 'EX', this.ttlSeconds, 'NX');
    });
    if (keyId === undefined) return user;
    const key = this.once(`key|${keyId}|${period.month}`, async () => {
      const used = await this.read(keyId, (id, month) => this.usage.keyMonthTotalSettled(id, month), period);
      await this.redis.set(this.keys.keyMonth(keyId, period.month), used, 'EX', this.ttlSeconds, 'NX');
    });
    return Promise.all([user, key]).then(() => undefined);
  }

  /** One read per counter at a time on this instance; the calls that find it missing share it. */
  private once(id: string, seed: () => Promise<void>): Promise<void> {
    let seeding = this.underWay.get(id);
    if (!seeding) {
      seeding = seed();
      const done = seeding.finally(() => this.underWay.delete(id));
      done.catch(() => undefined);
      this.underWay.set(id, seeding);
    }
    return seeding;
  }

  private async read(
    id: string,
    total: (id: string, month: string) => Promise<number>,
    period: UsagePeriod,
  ): Promise<number> {
    // Only a UUID is an id PostgreSQL may know (tests meter made-up users): anything else has none.
    if (!UUID.test(id)) return 0;
    return total(id, period.month);
  }
}
