import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { nextCut, type ClockFixingCut } from '@fxrates/domain';
import {
  fixingJobId,
  JOBS,
  QUEUES,
  type FreezeFixingJob,
  type PlanFixingsJob,
  type QueueOf,
} from '@fxrates/queues';
import type { Job } from 'bullmq';
import { JobHandler } from '../jobs/job-handler';
import { JobProcessor } from '../jobs/job-processor';
import { FixingFreezer, type FreezeOutcome } from './fixing-freezer';

export const FIXINGS_PLAN_SCHEDULER_ID = 'fixings:plan';
/** How often the next freezes are queued again (a lost delayed job, a Redis restored from a backup). */
const PLAN_EVERY_MS = 60_000;

/**
 * When fixings are frozen: each clock cut's next freeze is a delayed job due at the cut, its id
 * fixed by cut and day (fixingJobId), so every worker and every restart queues the same one. A
 * worker's start and a schedule each minute queue it again (a no-op while it waits); the freeze
 * itself queues the next. The ECB cut follows the tables (FixingFreezer.tablePublished).
 */
@Processor(QUEUES.fixings, { concurrency: 1 })
export class FixingsProcessor extends JobProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(FixingsProcessor.name);
  private readonly clockCuts: ClockFixingCut[];

  constructor(
    @InjectQueue(QUEUES.fixings) private readonly queue: QueueOf<'fixings'>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly freezer: FixingFreezer,
  ) {
    super();
    this.clockCuts = config.fixings.cuts.filter((cut): cut is ClockFixingCut => cut.kind === 'clock');
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.plan(Date.now());
    await this.queue.upsertJobScheduler(
      FIXINGS_PLAN_SCHEDULER_ID,
      { every: PLAN_EVERY_MS },
      {
        name: JOBS.planFixings,
        data: { trigger: 'schedule' },
        opts: { removeOnComplete: true, removeOnFail: 10 },
      },
    );
    this.logger.log(`Fixings: ${this.config.fixings.cuts.map((cut) => cut.name).join(', ')}`);
  }

  @JobHandler(JOBS.planFixings)
  async planFixings(job: Job<PlanFixingsJob>): Promise<void> {
    void job;
    await this.plan(Date.now());
  }

  @JobHandler(JOBS.freezeFixing)
  async freezeFixing(job: Job<FreezeFixingJob>): Promise<FreezeOutcome> {
    const outcome = await this.freezer.freeze(job.data.cut, job.data.day);
    // The next one (a day later, or after a weekend) is queued from here and by the schedule.
    await this.plan(Date.now() + 1);
    return outcome;
  }

  /**
   * Queues each clock cut's freeze of its first cut at or after `from`, and of a cut passed less than
   * the late bound before it (whose freeze a worker back in time can still make).
   */
  private async plan(from: number): Promise<void> {
    for (const cut of this.clockCuts) {
      const recent = nextCut(cut, from - this.config.fixings.lateBoundMs);
      const next = nextCut(cut, from);
      for (const { day, at } of recent.day === next.day ? [next] : [recent, next])
        await this.queue.add(
          JOBS.freezeFixing,
          { cut: cut.name, day },
          {
            jobId: fixingJobId(cut.name, day),
            delay: Math.max(0, at - Date.now()),
            // Retried for about 8 minutes (PostgreSQL or Redis away): within the default late bound.
            attempts: 8,
            backoff: { type: 'exponential', delay: 2000, jitter: 0.5 },
            // Kept a while, so that queuing it again is a no-op rather than a second run.
            removeOnComplete: { age: 2 * 86_400 },
            removeOnFail: { age: 7 * 86_400 },
          },
        );
    }
  }
}
