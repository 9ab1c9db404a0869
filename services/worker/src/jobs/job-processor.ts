import { WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { dispatchJob } from './job-handler';

/**
 * A queue's Nest processor whose jobs run in the methods marked with @JobHandler: BullMQ calls
 * `process`, which hands each job to the method marked for its name. The subclass keeps its
 * @Processor (queue, concurrency) and its @OnWorkerEvent hooks.
 */
export abstract class JobProcessor extends WorkerHost {
  process(job: Job): Promise<unknown> {
    return dispatchJob(this, job);
  }
}
