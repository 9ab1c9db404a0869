import type { Job, JobSchedulerTemplateOptions, JobsOptions, Queue, RepeatOptions } from 'bullmq';
import type { JobNameOn, JobPayload, QueueName } from './job-registry';

/**
 * A BullMQ queue whose `add` and `upsertJobScheduler` accept only the jobs declared on it, each with
 * its own payload: `queue.add(JOBS.sendContactEmail, { alertId })` does not compile. It is the same
 * object Nest injects (`@InjectQueue(QUEUES.email) queue: QueueOf<'email'>`), typed more narrowly.
 */
export interface QueueOf<Q extends QueueName> extends Omit<Queue, 'add' | 'addBulk' | 'upsertJobScheduler'> {
  add<Name extends JobNameOn<Q>>(
    name: Name,
    data: JobPayload<Name>,
    opts?: JobsOptions,
  ): Promise<Job<JobPayload<Name>, unknown, Name>>;

  upsertJobScheduler<Name extends JobNameOn<Q>>(
    jobSchedulerId: string,
    repeatOpts: Omit<RepeatOptions, 'key'>,
    jobTemplate: { name: Name; data: JobPayload<Name>; opts?: JobSchedulerTemplateOptions },
  ): Promise<Job<JobPayload<Name>, unknown, Name>>;
}
