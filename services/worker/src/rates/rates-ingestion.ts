import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type RatesProviderConfig } from '@fxrates/config';
import { CURRENCIES, providerServes, RATE_PROVIDER_KINDS } from '@fxrates/domain';
import {
  confirmJump,
  createProvider,
  JUMP_CONFIRMATIONS,
  judgeValue,
  mergeProviderValues,
  ProviderError,
  ProviderValuesStore,
  RatesStore,
  newestObservation,
  rebaseOnUsd,
  SourceHealthStore,
  type GoodValue,
  type PendingJump,
  type ProviderId,
  type RateProvider,
  type RatesTable,
} from '@fxrates/rates';
import type { Redis } from 'ioredis';
import { BarKeeper } from '../bars';
import { WorkerMetrics } from '../health/worker-metrics';
import { RateAlertEvaluator } from '../rate-alerts';
import { RatesWebhookEvents } from '../webhooks';
import { FixingFreezer } from '../fixings';
import { WORKER_REDIS } from '../worker.tokens';
import { RateHistoryReader } from './rate-history-reader';
import { RateHistoryWriter } from './rate-history-writer';

/** How long to leave a provider alone after a 429 that did not say how long. */
const DEFAULT_RATE_LIMIT_BACKOFF_MS = 60_000;

export interface IngestReport {
  provider: ProviderId;
  outcome: 'success' | 'failure' | 'backing-off';
  accepted: number;
  rejected: number;
  /** Jumps believed this run after JUMP_CONFIRMATIONS consistent readings (counted in `accepted`). */
  confirmedJumps: number;
  /** The version of the table in service after this run, and whether this run announced it. */
  version: string | null;
  published: boolean;
}

/**
 * One provider's ingest: fetch, express per USD, validate each value against the last good ones,
 * keep what passed (Redis and `rate_history`), then rebuild the table from every enabled provider
 * and announce it. A failed fetch or a refused value changes nothing: the last good value stays.
 */
@Injectable()
export class RatesIngestion {
  private readonly logger = new Logger(RatesIngestion.name);
  private readonly values: ProviderValuesStore;
  private readonly store: RatesStore;
  /** Each source's poll outcomes, for GET /api/v1/status. */
  private readonly health: SourceHealthStore;
  private readonly providers = new Map<ProviderId, RateProvider>();
  private readonly timeoutsMs = new Map<ProviderId, number>();
  private readonly enabled: ProviderId[];

  constructor(
    @Inject(WORKER_REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly history: RateHistoryWriter,
    private readonly recorded: RateHistoryReader,
    private readonly metrics: WorkerMetrics,
    private readonly alerts: RateAlertEvaluator,
    private readonly webhookEvents: RatesWebhookEvents,
    private readonly bars: BarKeeper,
    private readonly fixings: FixingFreezer,
  ) {
    this.values = new ProviderValuesStore(redis, config.redis.keyPrefix);
    this.store = new RatesStore(redis, config.redis.keyPrefix);
    this.health = new SourceHealthStore(redis, config.redis.keyPrefix);
    this.enabled = config.rates.providers.map((p) => p.id);
    for (const settings of config.rates.providers) {
      this.providers.set(settings.id, this.adapter(settings));
      this.timeoutsMs.set(settings.id, settings.timeoutMs);
    }
  }

  private adapter({ id, baseUrl, apiKey, timeoutMs }: RatesProviderConfig): RateProvider {
    return createProvider(id, { baseUrl, apiKey, timeoutMs });
  }

  async ingest(id: ProviderId): Promise<IngestReport> {
    const provider = this.providers.get(id);
    if (!provider) throw new Error(`rates provider ${id} is not enabled`);
    const report: IngestReport = {
      provider: id,
      outcome: 'success',
      accepted: 0,
      rejected: 0,
      confirmedJumps: 0,
      version: null,
      published: false,
    };

    const waitMs = await this.values.backoffLeftMs(id);
    if (waitMs > 0) {
      this.metrics.ingests.inc({ source: id, outcome: 'backing-off' });
      this.logger.warn(`${id}: skipped, backing off for another ${Math.ceil(waitMs / 1000)} s as it asked`);
      return { ...report, outcome: 'backing-off' };
    }

    const fetchedAt = Date.now();
    const fetched = await this.fetch(provider);
    if (!fetched) return { ...report, outcome: 'failure' };

    const current = await this.store.load();
    const own = await this.values.load(id);
    const { rebased, refused } = rebaseOnUsd(fetched.observations, (code) => current?.perUsd.get(code));
    const refusals = [
      ...fetched.rejected.map((r) => ({ currency: r.currency, reason: 'malformed', detail: r.reason })),
      ...refused.map((r) => ({ currency: r.currency, reason: 'no-rebase-rate', detail: r.reason })),
    ];
    const accepted = new Map<string, GoodValue>();
    // The snapshot is a fixed fallback of its own date, not a reading of today's market: judged
    // against recent records it would be refused wherever the market has moved since.
    const recorded =
      RATE_PROVIDER_KINDS[id] === 'snapshot'
        ? new Map<string, GoodValue>()
        : await this.recorded.newest(rebased.map((o) => o.currency));
    const pendingJumps = await this.values.loadPendingJumps(id);
    const candidates = new Map<string, PendingJump>();
    const settled: string[] = [];
    let confirmedJumps = 0;
    const now = Date.now();
    for (const observation of rebased) {
      const inService = current?.perUsd.get(observation.currency);
      const origin = current?.provenance.get(observation.currency);
      const other =
        inService && origin
          ? { perUsd: inService, observedAt: origin.timestamp, day: origin.date }
          : undefined;
      const verdict = judgeValue(
        observation,
        { own: own.get(observation.currency), other, recorded: recorded.get(observation.currency) },
        now,
      );
      const accept = () =>
        accepted.set(observation.currency, {
          perUsd: observation.perUsd,
          observedAt: observation.observedAt,
          day: observation.day,
        });
      if (verdict.accepted) {
        accept();
        if (pendingJumps.has(observation.currency)) settled.push(observation.currency);
      } else if (!verdict.ignored && verdict.reason === 'jump') {
        // A real devaluation repeats; a bad value rarely does the same way three times in a row.
        const { pending, confirmed } = confirmJump(pendingJumps.get(observation.currency), observation);
        if (confirmed) {
          accept();
          settled.push(observation.currency);
          confirmedJumps += 1;
          this.logger.warn(
            `${id}: accepted ${observation.currency} at ${observation.perUsd.toString()} per USD after ${pending.readings} consistent readings (${verdict.detail})`,
          );
        } else {
          candidates.set(observation.currency, pending);
          refusals.push({
            currency: observation.currency,
            reason: verdict.reason,
            detail: `${verdict.detail}; reading ${pending.readings} of ${JUMP_CONFIRMATIONS} to believe it`,
          });
        }
      } else if (!verdict.ignored) {
        refusals.push({ currency: observation.currency, reason: verdict.reason, detail: verdict.detail });
      }
    }
    await this.values.savePendingJumps(id, candidates, settled);
    for (const refusal of refusals) {
      this.metrics.rejectedValues.inc({ provider: id, reason: refusal.reason });
      this.logger.warn(
        `${id}: refused ${refusal.currency}: ${refusal.reason} (${refusal.detail}); the last good value stays`,
      );
    }

    await this.values.save(id, accepted);
    await this.health.recordSuccess(id, fetchedAt, newestObservation(own, accepted));
    if (RATE_PROVIDER_KINDS[id] !== 'snapshot') {
      await this.history.write(id, accepted);
      await this.webhookEvents.historyStored(id, accepted);
    }
    const { merged, published } = await this.values.underTableLock(async () => {
      const table = mergeProviderValues(await this.restoreLost(await this.values.loadAll(this.enabled)));
      return { merged: table, published: table ? await this.store.publish(table) : false };
    });
    if (published && merged) await this.evaluateAlerts(current, merged);
    if (published && merged) await this.webhookEvents.tablePublished(current, merged);
    // The ECB cut's fixing: frozen from the first table carrying a day's ECB rates.
    if (published && merged) await this.fixings.tablePublished(merged);
    if (published && merged) await this.keepBars(merged);
    this.metrics.ingests.inc({ source: id, outcome: 'success' });
    this.logger.log(
      `${id}: ${accepted.size} value(s) accepted, ${refusals.length} refused; table ${merged?.version ?? 'none'} ${published ? 'published' : 'unchanged'}`,
    );
    return {
      ...report,
      accepted: accepted.size,
      rejected: refusals.length,
      confirmedJumps,
      version: merged?.version ?? null,
      published,
    };
  }

  /** Rate alerts on the pairs the new table changed; a failure leaves the next publish to catch up. */
  private async evaluateAlerts(previous: RatesTable | null, table: RatesTable): Promise<void> {
    try {
      await this.alerts.evaluate(previous, table);
    } catch (error) {
      this.logger.error(`Rate alerts not evaluated on table ${table.version}: ${(error as Error).message}`);
    }
  }

  /**
   * The table as a tick of the intraday bars, at the time it was stored (the stored copy's, unless
   * another publish already replaced it). A failure is logged and costs that tick only: the ingest
   * has succeeded, and a bar is never worth a failed run.
   */
  private async keepBars(table: RatesTable): Promise<void> {
    try {
      const stored = await this.store.load();
      const at =
        stored?.version === table.version && stored.storedAt !== undefined ? stored.storedAt : Date.now();
      await this.bars.record(table, new Date(at));
    } catch (error) {
      this.logger.error(`Bars not kept for table ${table.version}: ${(error as Error).message}`);
    }
  }

  /**
   * A live provider with no values in Redis, where rate_history holds some of its own, lost them
   * with Redis (a FLUSHDB, a failover without persistence): its recorded values are put back, so the
   * table keeps serving them (marked stale once old) instead of dropping its currencies until that
   * provider's next good run.
   */
  private async restoreLost(
    all: Map<ProviderId, Map<string, GoodValue>>,
  ): Promise<Map<ProviderId, Map<string, GoodValue>>> {
    for (const [id, kept] of all) {
      if (kept.size > 0 || RATE_PROVIDER_KINDS[id] === 'snapshot') continue;
      const recorded = await this.recorded.lastGoodOf(id);
      if (recorded.size === 0) continue;
      await this.values.save(id, recorded);
      all.set(id, await this.values.load(id));
      this.logger.warn(`${id}: Redis had none of its values; ${recorded.size} put back from rate_history`);
    }
    return all;
  }

  private async fetch(provider: RateProvider) {
    // Each source is asked for the catalogue's currencies of the types it serves: metals reach
    // Frankfurter as soon as the catalogue lists them.
    const symbols = CURRENCIES.filter((c) => providerServes(provider.id, c.type)).map((c) => c.code);
    try {
      // The timeout bounds the whole fetch, not each request: a provider read in several requests
      // (Coinbase, a ticker each) that hangs on every one still ends the job within it.
      const deadline = AbortSignal.timeout(this.timeoutsMs.get(provider.id)!);
      return await provider.fetchLatest({ symbols, signal: deadline });
    } catch (error) {
      const failure = error instanceof ProviderError ? error.failure : 'network';
      this.metrics.ingests.inc({ source: provider.id, outcome: 'failure' });
      this.metrics.providerFailures.inc({ provider: provider.id, failure });
      const backOffMs =
        error instanceof ProviderError
          ? (error.details.retryAfterMs ?? (failure === 'rate-limited' ? DEFAULT_RATE_LIMIT_BACKOFF_MS : 0))
          : 0;
      if (backOffMs > 0) await this.values.backOff(provider.id, backOffMs);
      await this.health.recordFailure(provider.id, Date.now(), failure);
      this.logger.error(
        `${provider.id}: fetch failed (${failure}): ${(error as Error).message}; the last good values stay`,
      );
      return null;
    }
  }
}
