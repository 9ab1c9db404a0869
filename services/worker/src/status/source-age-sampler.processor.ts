import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { JOBS, QUEUES, type QueueOf } from '@fxrates/queues';
import { SourceAgeSamples, SourceHealthStore, type ProviderId } from '@fxrates/rates';
import type { Redis } from 'ioredis';
import { JobHandler } from '../jobs/job-handler';
import { JobProcessor } from '../jobs/job-processor';
import { WORKER_REDIS } from '../worker.tokens';

export const SOURCE_AGE_SCHEDULER_ID = 'source-status:sample-ages';

/**
 * Once per STATUS_SAMPLE_INTERVAL_MS, records every enabled source's data age (now minus the newest
 * observation it gave us) for the status page's 24-hour sparkline. One scheduled job for the whole
 * fleet rather than a sample per poll: every source gets one point per interval whatever its polling
 * rate (Binance every 10 s, the ECB every 30 min), and a source whose polls stop keeps getting older
 * on the chart. A second worker or a rerun within the interval replaces that interval's sample.
 */
@Processor(QUEUES.sourceStatus, { concurrency: 1 })
export class SourceAgeSamplerProcessor extends JobProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(SourceAgeSamplerProcessor.name);
  private readonly health: SourceHealthStore;
  private readonly samples: SourceAgeSamples;
  private readonly sources: ProviderId[];
  private readonly intervalMs: number;

  constructor(
    @InjectQueue(QUEUES.sourceStatus) private readonly queue: QueueOf<'source-status'>,
    @Inject(WORKER_REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super();
    this.health = new SourceHealthStore(redis, config.redis.keyPrefix);
    this.samples = new SourceAgeSamples(redis, config.redis.keyPrefix);
    this.sources = config.rates.providers.map((p) => p.id);
    this.intervalMs = config.status.sampleIntervalMs;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      SOURCE_AGE_SCHEDULER_ID,
      { every: this.intervalMs },
      {
        name: JOBS.sampleSourceAges,
        data: { trigger: 'schedule' },
        // A missed sample is a gap in a chart: the next interval's run is the retry.
        opts: { attempts: 1, removeOnComplete: true, removeOnFail: { count: 100 } },
      },
    );
  }

  @JobHandler(JOBS.sampleSourceAges)
  async sampleSourceAges(): Promise<{ sampled: number }> {
    return { sampled: await this.sample(Date.now()) };
  }

  /** Records the age of every enabled source at `now`; returns how many were recorded. */
  async sample(now: number): Promise<number> {
    const health = await this.health.load(this.sources);
    const ages = new Map<ProviderId, number | null>();
    for (const source of this.sources) {
      const data = health.get(source)?.dataTimestamp ?? null;
      ages.set(source, data === null ? null : Math.max(0, (now - data) / 1000));
    }
    await this.samples.record(ages, now, this.intervalMs);
    this.logger.debug(`Sampled the data age of ${ages.size} source(s)`);
    return ages.size;
  }
}
