import 'reflect-metadata';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import {
  JOBS,
  QUEUES,
  RATES_INGEST,
  type FlushUsageJob,
  type PurgeExpiredSessionsJob,
} from '@fxrates/queues';
import type { Job } from 'bullmq';
import { JobHandler } from './job-handler';
import {
  JobHandlersError,
  jobHandlerProblems,
  processorQueueOf,
  refuseUnmatchedJobHandlers,
} from './job-handlers-check';
import { JobProcessor } from './job-processor';

@Processor(QUEUES.maintenance)
class MaintenanceJobs extends JobProcessor {
  @JobHandler(JOBS.purgeExpiredSessions)
  async purge(job: Job<PurgeExpiredSessionsJob>): Promise<number> {
    return job.data.olderThanMs;
  }

  @JobHandler(JOBS.keepBarPartitions)
  async keepPartitions(): Promise<void> {}
}

@Processor(QUEUES.usageFlush)
class UsageJobs extends JobProcessor {
  @JobHandler(JOBS.flushUsage)
  async flush(job: Job<FlushUsageJob>): Promise<string> {
    return job.data.trigger;
  }
}

/** A second handler of the purge, as a processor of the same queue. */
@Processor(QUEUES.maintenance)
class MoreMaintenanceJobs extends JobProcessor {
  @JobHandler(JOBS.purgeExpiredSessions)
  async purgeAgain(): Promise<void> {}
}

/** The purge marked twice in one class. */
@Processor(QUEUES.maintenance)
class TwiceMarked extends JobProcessor {
  @JobHandler(JOBS.purgeExpiredSessions)
  async purge(): Promise<void> {}

  @JobHandler(JOBS.purgeExpiredSessions)
  async purgeToo(): Promise<void> {}

  @JobHandler(JOBS.keepBarPartitions)
  async keepPartitions(): Promise<void> {}
}

/** The usage flush's handler, put on the maintenance queue's processor by mistake. */
@Processor(QUEUES.maintenance)
class MisplacedFlush extends JobProcessor {
  @JobHandler(JOBS.purgeExpiredSessions)
  async purge(): Promise<void> {}

  @JobHandler(JOBS.flushUsage)
  async flush(): Promise<void> {}

  @JobHandler(JOBS.keepBarPartitions)
  async keepPartitions(): Promise<void> {}
}

/** A processor of the maintenance queue that marks nothing (dispatching through its own `process`). */
@Processor(QUEUES.maintenance)
class UnmarkedMaintenance extends WorkerHost {
  async process(): Promise<void> {}
}

/** A class that runs its own BullMQ workers (as the rates ingest does): no @Processor. */
class IngestJobs {
  @JobHandler(JOBS.ingestRates)
  async ingest(): Promise<void> {}
}

describe('the boot check of job handlers', () => {
  it('finds nothing wrong when each job of the worked queues has one handler, whatever else is provided', () => {
    const providers = [
      MaintenanceJobs,
      UsageJobs,
      IngestJobs,
      { provide: 'TOKEN', useValue: 1 },
      class Service {},
    ];
    expect(jobHandlerProblems([QUEUES.maintenance, QUEUES.usageFlush, RATES_INGEST], providers)).toEqual([]);
    expect(() =>
      refuseUnmatchedJobHandlers([QUEUES.maintenance, QUEUES.usageFlush, RATES_INGEST], providers),
    ).not.toThrow();
  });

  it('names each job of a worked queue that has no handler', () => {
    expect(jobHandlerProblems([QUEUES.maintenance, QUEUES.usageFlush], [UsageJobs])).toEqual([
      'job "purge-expired-sessions" (queue "maintenance") has no handler',
      'job "keep-bar-partitions" (queue "maintenance") has no handler',
    ]);
    expect(jobHandlerProblems([QUEUES.paypalWebhooks], [])).toEqual([
      'job "apply-paypal-event" (queue "paypal-webhooks") has no handler',
      'job "requeue-unapplied-paypal-events" (queue "paypal-webhooks") has no handler',
      'job "sync-paypal-subscription" (queue "paypal-webhooks") has no handler',
      'job "end-lapsed-plans" (queue "paypal-webhooks") has no handler',
    ]);
  });

  it('asks no handler for a queue the process does not work (the ingest with no provider enabled)', () => {
    expect(jobHandlerProblems([QUEUES.maintenance], [MaintenanceJobs])).toEqual([]);
  });

  it('names both handlers of a job handled twice, in two classes or in one', () => {
    expect(jobHandlerProblems([QUEUES.maintenance], [MaintenanceJobs, MoreMaintenanceJobs])).toEqual([
      'queue "maintenance" has 2 processors (MaintenanceJobs and MoreMaintenanceJobs): each would take jobs of the other',
      'job "purge-expired-sessions" (queue "maintenance") has 2 handlers: MaintenanceJobs.purge and MoreMaintenanceJobs.purgeAgain',
    ]);
    expect(jobHandlerProblems([QUEUES.maintenance], [TwiceMarked])).toEqual([
      'job "purge-expired-sessions" (queue "maintenance") has 2 handlers: TwiceMarked.purge and TwiceMarked.purgeToo',
    ]);
  });

  it("names a handler on another queue's processor, which would never be given its job", () => {
    expect(jobHandlerProblems([QUEUES.maintenance, QUEUES.usageFlush], [MisplacedFlush])).toEqual([
      'MisplacedFlush.flush handles "flush-usage", a job of queue "usage-flush", but its processor works queue "maintenance"',
    ]);
  });

  it('names two processors of one queue even when one of them marks no handler', () => {
    expect(jobHandlerProblems([QUEUES.maintenance], [MaintenanceJobs, UnmarkedMaintenance])).toEqual([
      'queue "maintenance" has 2 processors (MaintenanceJobs and UnmarkedMaintenance): each would take jobs of the other',
    ]);
  });

  it('refuses with one error that lists every fault', () => {
    let refusal: unknown;
    try {
      refuseUnmatchedJobHandlers([QUEUES.maintenance, QUEUES.usageFlush], [TwiceMarked]);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(JobHandlersError);
    expect((refusal as JobHandlersError).problems).toHaveLength(2);
    expect((refusal as JobHandlersError).message).toBe(
      "The worker's job handlers do not match the jobs declared in libs/queues/src/job-registry.ts:\n" +
        '  - job "purge-expired-sessions" (queue "maintenance") has 2 handlers: TwiceMarked.purge and TwiceMarked.purgeToo\n' +
        '  - job "flush-usage" (queue "usage-flush") has no handler',
    );
  });

  it("reads the queue from Nest's @Processor, and none from another class", () => {
    expect(processorQueueOf(MaintenanceJobs)).toBe(QUEUES.maintenance);
    @Processor({ name: QUEUES.email })
    class WithOptions extends WorkerHost {
      async process(): Promise<void> {}
    }
    expect(processorQueueOf(WithOptions)).toBe(QUEUES.email);
    expect(processorQueueOf(IngestJobs)).toBeUndefined();
  });
});
