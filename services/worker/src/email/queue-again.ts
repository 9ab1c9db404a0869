import type { JobNameOn, JobPayload, QueueOf } from '@fxrates/queues';
import type { JobsOptions } from 'bullmq';

/**
 * Queues again the email of a stored row not yet sent, by its deterministic job id: a job that used
 * up its attempts is retried from its first attempt, one still waiting, delayed or running is left
 * alone, and a row that never got a job gets one. False when a job is already on its way.
 */
export async function queueAgain<Name extends JobNameOn<'email'>>(
  queue: QueueOf<'email'>,
  name: Name,
  data: JobPayload<Name>,
  options: JobsOptions & { jobId: string },
): Promise<boolean> {
  const job = await queue.getJob(options.jobId);
  if (job && (await job.isFailed())) {
    await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    return true;
  }
  if (job) return false;
  await queue.add(name, data, options);
  return true;
}
