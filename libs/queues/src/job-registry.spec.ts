import { JOB_DEFINITIONS, JOB_NAMES, JOBS, jobNamesOn, queueOfJob, type QueueName } from './job-registry';
import type { QueueOf } from './queue-of';
import { QUEUES, RATES_INGEST } from './queues';

describe('the job registry', () => {
  it('declares each job name once', () => {
    const repeated = JOB_NAMES.filter((name, index) => JOB_NAMES.indexOf(name) !== index);
    expect(repeated).toEqual([]);
  });

  it('names each job in JOBS by its key', () => {
    for (const [key, definition] of Object.entries(JOB_DEFINITIONS)) {
      expect(JOBS[key as keyof typeof JOBS]).toBe(definition.name);
    }
    expect(Object.keys(JOBS)).toEqual(Object.keys(JOB_DEFINITIONS));
  });

  it("declares jobs only on the system's queues, and some on each of them", () => {
    const queues: QueueName[] = [...Object.values(QUEUES), RATES_INGEST];
    expect([...new Set(Object.values(JOB_DEFINITIONS).map((definition) => definition.queue))].sort()).toEqual(
      [...queues].sort(),
    );
  });

  it('derives the jobs of each queue from their declarations', () => {
    expect(jobNamesOn(QUEUES.maintenance)).toEqual([JOBS.purgeExpiredSessions, JOBS.keepBarPartitions]);
    expect(jobNamesOn(RATES_INGEST)).toEqual([JOBS.ingestRates]);
    expect(jobNamesOn(QUEUES.paypalWebhooks).sort()).toEqual(
      [
        JOBS.applyPayPalEvent,
        JOBS.endLapsedPlans,
        JOBS.requeueUnappliedPayPalEvents,
        JOBS.syncPayPalSubscription,
      ].sort(),
    );
    const everyQueue: QueueName[] = [...Object.values(QUEUES), RATES_INGEST];
    expect(everyQueue.flatMap((queue) => jobNamesOn(queue)).sort()).toEqual([...JOB_NAMES].sort());
  });

  it('tells the queue of a job, and no queue for a name no job has', () => {
    expect(queueOfJob(JOBS.sendContactEmail)).toBe(QUEUES.email);
    expect(queueOfJob(JOBS.ingestRates)).toBe(RATES_INGEST);
    expect(queueOfJob('retired-job')).toBeUndefined();
  });

  it("lets a producer's queue add only the jobs of that queue, each with its payload (checked by tsc)", () => {
    const added: Array<[string, unknown]> = [];
    const queue = {
      add: (name: string, data: unknown) => {
        added.push([name, data]);
        return Promise.resolve();
      },
    } as unknown as QueueOf<'email'>;

    void queue.add(JOBS.sendContactEmail, { messageId: 'm-1', requestId: 'r-1' });
    // @ts-expect-error a job of another queue
    void queue.add(JOBS.flushUsage, { trigger: 'manual' });
    // @ts-expect-error the payload of another job of the same queue
    void queue.add(JOBS.sendContactEmail, { alertId: 'a-1' });
    // @ts-expect-error a name no job has
    void queue.add('retired-job', {});

    expect(added[0]).toEqual([JOBS.sendContactEmail, { messageId: 'm-1', requestId: 'r-1' }]);
  });
});
