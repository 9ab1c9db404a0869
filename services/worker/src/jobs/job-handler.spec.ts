import { JOBS, type FlushUsageJob, type PurgeExpiredSessionsJob } from '@fxrates/queues';
import { UnrecoverableError, type Job } from 'bullmq';
import { dispatchJob, JobHandler, jobHandlersOf } from './job-handler';

class Housekeeping {
  readonly ran: string[] = [];

  @JobHandler(JOBS.purgeExpiredSessions)
  async purge(job: Job<PurgeExpiredSessionsJob>): Promise<string> {
    this.ran.push(`purge ${job.data.olderThanMs}`);
    return 'purged';
  }

  @JobHandler(JOBS.flushUsage)
  async flush(job: Job<FlushUsageJob>): Promise<string> {
    this.ran.push(`flush ${job.data.trigger}`);
    return 'flushed';
  }
}

const jobOf = (name: string, data: object) => ({ name, data }) as Job;

describe('@JobHandler', () => {
  it('records the job each method handles, in the order they are declared', () => {
    expect(jobHandlersOf(Housekeeping)).toEqual([
      { job: JOBS.purgeExpiredSessions, method: 'purge' },
      { job: JOBS.flushUsage, method: 'flush' },
    ]);
    expect(jobHandlersOf(class Plain {})).toEqual([]);
  });

  it('runs a job in the method marked for its name, on the instance, with its result', async () => {
    const housekeeping = new Housekeeping();
    await expect(dispatchJob(housekeeping, jobOf(JOBS.flushUsage, { trigger: 'manual' }))).resolves.toBe(
      'flushed',
    );
    await expect(
      dispatchJob(housekeeping, jobOf(JOBS.purgeExpiredSessions, { olderThanMs: 60_000 })),
    ).resolves.toBe('purged');
    expect(housekeeping.ran).toEqual(['flush manual', 'purge 60000']);
  });

  it('fails a job no method handles for good (retrying cannot find one)', async () => {
    const run = dispatchJob(new Housekeeping(), jobOf(JOBS.sendContactEmail, { messageId: 'm-1' }));
    await expect(run).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(run).rejects.toThrow('unknown job "send-contact-email"');
  });

  it("accepts only a method that takes the job's payload (checked by tsc)", () => {
    class Mismatched {
      // @ts-expect-error flush-usage carries a trigger, not an age
      @JobHandler(JOBS.flushUsage)
      async flush(job: Job<PurgeExpiredSessionsJob>): Promise<number> {
        return job.data.olderThanMs;
      }
    }
    expect(jobHandlersOf(Mismatched)).toEqual([{ job: JOBS.flushUsage, method: 'flush' }]);
  });
});
