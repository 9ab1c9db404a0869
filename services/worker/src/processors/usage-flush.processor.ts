import { EntityManager } from '@mikro-orm/postgresql';
import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { UsageRepository } from '@fxrates/db';
import { JOBS, QUEUES, usageRedisKeys } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { recordQuotaAlerts, type NewQuotaAlert } from '../quota-alerts/quota-alert-detector';
import { QuotaAlertMailer } from '../quota-alerts/quota-alert-mailer';
import { JobHandler } from '../jobs/job-handler';
import { JobProcessor } from '../jobs/job-processor';
import { WORKER_REDIS } from '../worker.tokens';
import { RatesWebhookEvents } from '../webhooks/rates-webhook-events';

/** Renames the pending counts (and last-used times) to a batch in one step; 0 when there is nothing. */
const TAKE_BATCH = `
if redis.call('EXISTS', KEYS[1]) == 0 and redis.call('EXISTS', KEYS[2]) == 0 then return 0 end
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('RENAME', KEYS[1], KEYS[3]) end
if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('RENAME', KEYS[2], KEYS[4]) end
return 1
`;

interface DailyCount {
  keyId: string;
  day: string;
  requests: number;
}

/**
 * Moves API usage from Redis to PostgreSQL in batches: per-key daily counts, per-key totals and
 * last-used times, one transaction per batch. A batch's id is recorded in the same transaction, so
 * a batch applied before a crash is only deleted, never counted twice, when the job runs again.
 * The same transaction records the quota thresholds the batch made users pass (recordQuotaAlerts);
 * their emails are queued once it has committed.
 */
@Processor(QUEUES.usageFlush, { concurrency: 1 })
export class UsageFlushProcessor extends JobProcessor {
  private readonly logger = new Logger(UsageFlushProcessor.name);
  private readonly keys: ReturnType<typeof usageRedisKeys>;

  constructor(
    private readonly em: EntityManager,
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly quotaAlerts: QuotaAlertMailer,
    private readonly webhookEvents: RatesWebhookEvents,
  ) {
    super();
    this.keys = usageRedisKeys(config.redis.keyPrefix);
  }

  @JobHandler(JOBS.flushUsage)
  async flushUsage(): Promise<{ batches: number; requests: number }> {
    const batches = await this.leftoverBatches();
    const fresh = randomUUID();
    const taken = await this.redis.eval(
      TAKE_BATCH,
      4,
      this.keys.pending,
      this.keys.lastUsed,
      this.keys.batchPending(fresh),
      this.keys.batchLastUsed(fresh),
    );
    if (taken === 1) batches.push(fresh);
    let requests = 0;
    for (const batchId of batches) requests += await this.apply(batchId);
    if (requests) this.logger.log(`Flushed ${requests} metered request(s) in ${batches.length} batch(es)`);
    return { batches: batches.length, requests };
  }

  /** Batches a crashed run left behind (applied or not: apply() tells). */
  private async leftoverBatches(): Promise<string[]> {
    const ids: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', this.keys.batchPattern, 'COUNT', 500);
      cursor = next;
      for (const key of keys) ids.push(key.slice(key.indexOf('batch:') + 6, key.lastIndexOf(':pending')));
    } while (cursor !== '0');
    return ids;
  }

  private async apply(batchId: string): Promise<number> {
    const pendingKey = this.keys.batchPending(batchId);
    const lastUsedKey = this.keys.batchLastUsed(batchId);
    const [pending, lastUsed] = await Promise.all([
      this.redis.hgetall(pendingKey),
      this.redis.hgetall(lastUsedKey),
    ]);
    const counts: DailyCount[] = Object.entries(pending).map(([field, value]) => {
      const [keyId, day] = field.split('|');
      return { keyId, day, requests: Number(value) };
    });
    const total = counts.reduce((sum, c) => sum + c.requests, 0);

    const alerts = await this.em.fork().transactional(async (tx): Promise<NewQuotaAlert[]> => {
      const usage = new UsageRepository(tx);
      // Applied before a crash: only the Redis copy is left to delete.
      if (!(await usage.claimFlushBatch(batchId))) return [];
      await usage.add(counts);
      const perKey = new Map<string, { requests: number; lastUsed: number }>();
      for (const c of counts) {
        const entry = perKey.get(c.keyId) ?? { requests: 0, lastUsed: 0 };
        entry.requests += c.requests;
        perKey.set(c.keyId, entry);
      }
      for (const [keyId, ms] of Object.entries(lastUsed)) {
        const entry = perKey.get(keyId) ?? { requests: 0, lastUsed: 0 };
        entry.lastUsed = Number(ms);
        perKey.set(keyId, entry);
      }
      await usage.addToKeyTotals(
        [...perKey].map(([keyId, e]) => ({ keyId, requests: e.requests, lastUsedMs: e.lastUsed })),
      );
      const currentMonth = new Date().toISOString().slice(0, 7);
      return recordQuotaAlerts(tx, counts, this.quotaAlerts.plans, currentMonth);
    });
    // After the commit: a crash before this line leaves the alerts recorded, for the email sweep.
    await this.quotaAlerts.enqueue(alerts);
    await this.webhookEvents.quotaThresholds(alerts);
    await this.redis.del(pendingKey, lastUsedKey);
    return total;
  }
}
