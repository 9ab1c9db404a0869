import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { WebhooksRepository } from '@fxrates/db';
import {
  pairRateText,
  RateDecimal,
  RateUnavailableError,
  summarizeProvenance,
  type GoodValue,
  type ProviderId,
  type RatesTable,
} from '@fxrates/rates';
import type { Redis } from 'ioredis';
import { WORKER_REDIS } from '../worker.tokens';
import type { NewQuotaAlert } from '../quota-alerts/quota-alert-detector';
import { WebhookEmitter } from './webhook-emitter';

/** Stores a source's newest stored day when it is newer than the one kept; answers the one it replaced ('' when none was kept). */
const ADVANCE_DAY = `
local kept = redis.call('GET', KEYS[1])
if kept and kept >= ARGV[1] then return false end
redis.call('SET', KEYS[1], ARGV[1])
return kept or ''
`;

/** A source whose values are a daily fix (one value per business day), not an intraday feed. */
const DAILY_FIXES: ReadonlySet<string> = new Set(['ecb']);

/** The displayed rate of a pair, or undefined when the table lacks either currency. */
function rateOf(table: RatesTable, pair: string): string | undefined {
  const [base, symbol] = pair.split('/');
  try {
    return pairRateText(table, base, symbol);
  } catch (error) {
    if (error instanceof RateUnavailableError) return undefined;
    throw error;
  }
}

/**
 * The events of the rates and of usage, sent to webhook endpoints (WebhookEmitter):
 * - `rate.changed`: a published table changed a pair some endpoint watches by at least that
 *   endpoint's minimum change; the body is the stream's `rate` event (base, symbol, rate and the
 *   pair's provenance, decimal strings) with the previous rate and the change in percent;
 * - `rates.published`: a daily fix (the ECB's) of a new day was stored, or a live source stored its
 *   first value of a new day, so the day before's closes are final;
 * - `quota.threshold`: the usage flush recorded a quota threshold passed;
 * - `fixing.published`: a fixing was frozen and signed (by the worker that stored it).
 * A failure to emit is logged, never fails the ingest or the flush that caused it.
 */
@Injectable()
export class RatesWebhookEvents {
  private readonly logger = new Logger(RatesWebhookEvents.name);
  private readonly dayKey: (source: string) => string;
  private readonly webUrl: string;

  constructor(
    private readonly em: EntityManager,
    private readonly emitter: WebhookEmitter,
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.dayKey = (source) => `${config.redis.keyPrefix}webhooks:stored-day:${source}`;
    this.webUrl = config.mail.webUrl;
  }

  /** After a fixing was stored (by this worker only): `fixing.published` to every endpoint subscribed. */
  async fixingPublished(fixing: { id: string; cut: string; date: string; cutAt: string }): Promise<void> {
    await this.guarded(`fixing.published ${fixing.id}`, () =>
      this.emitter.emit(
        {
          id: `evt_fixing_${fixing.id}`,
          type: 'fixing.published',
          createdAt: new Date().toISOString(),
          data: {
            ...fixing,
            url: `${this.webUrl}/api/v1/fixings/${fixing.id}`,
            verifyUrl: `${this.webUrl}/api/v1/fixings/${fixing.id}/verify`,
            jwksUrl: `${this.webUrl}/.well-known/jwks.json`,
          },
        },
        { everyone: true },
      ),
    );
  }

  /** After a table is published: `rate.changed` for each watched pair that moved enough. */
  async tablePublished(previous: RatesTable | null, table: RatesTable): Promise<void> {
    if (!previous) return;
    await this.guarded(`rate.changed of table ${table.version}`, async () => {
      const watched = await new WebhooksRepository(this.em.fork()).watchedPairs();
      for (const [pair, leastWanted] of watched) {
        const rate = rateOf(table, pair);
        const before = rateOf(previous, pair);
        if (rate === undefined || before === undefined || rate === before) continue;
        const change = new RateDecimal(rate).minus(before).dividedBy(before).times(100);
        if (change.abs().lessThan(leastWanted)) continue;
        const [base, symbol] = pair.split('/');
        const provenance = summarizeProvenance(table, [base, symbol]);
        const changePercent = change.toDecimalPlaces(4).toString();
        await this.emitter.emit(
          {
            id: `evt_rate_${base}${symbol}_${table.version}`,
            type: 'rate.changed',
            createdAt: provenance.timestamp,
            data: {
              base,
              symbol,
              rate,
              previousRate: before,
              changePercent,
              timestamp: provenance.timestamp,
              date: provenance.date,
              source: provenance.source,
            },
          },
          { pair, changePercent },
        );
      }
    });
  }

  /** After a source's values are stored in rate_history: `rates.published` when a day is complete. */
  async historyStored(source: ProviderId, values: ReadonlyMap<string, GoodValue>): Promise<void> {
    if (values.size === 0) return;
    await this.guarded(`rates.published of ${source}`, async () => {
      let day = '';
      let timestamp = '';
      for (const value of values.values()) {
        if (value.day > day) day = value.day;
        if (value.observedAt > timestamp) timestamp = value.observedAt;
      }
      const replaced = (await this.redis.eval(ADVANCE_DAY, 1, this.dayKey(source), day)) as string | null;
      // Not a new day, or the first this worker ever saw (nothing to say it completed one).
      if (replaced === null || replaced === '') return;
      const fix = DAILY_FIXES.has(source);
      const date = fix ? day : replaced;
      await this.emitter.emit(
        {
          id: `evt_published_${source}_${date}`,
          type: 'rates.published',
          createdAt: new Date().toISOString(),
          data: {
            source,
            kind: fix ? 'fix' : 'closes',
            date,
            currencies: fix ? values.size : undefined,
            timestamp: fix ? timestamp : undefined,
          },
        },
        { everyone: true },
      );
    });
  }

  /** After the usage flush committed: `quota.threshold` for each threshold it recorded. */
  async quotaThresholds(alerts: readonly NewQuotaAlert[]): Promise<void> {
    for (const alert of alerts) {
      await this.guarded(`quota.threshold ${alert.id}`, () =>
        this.emitter.emit(
          {
            id: `evt_quota_${alert.id}`,
            type: 'quota.threshold',
            createdAt: new Date().toISOString(),
            data: {
              month: alert.month,
              threshold: alert.threshold,
              monthlyQuota: alert.monthlyQuota,
            },
          },
          { userId: alert.userId },
        ),
      );
    }
  }

  private async guarded(what: string, emit: () => Promise<void>): Promise<void> {
    try {
      await emit();
    } catch (error) {
      this.logger.error(`Webhook event not emitted (${what}): ${(error as Error).message}`);
    }
  }
}
