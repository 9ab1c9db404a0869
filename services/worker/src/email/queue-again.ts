import type { JobsOptions, Queue } from 'bullmq';

/**
 * Queues again the email of a stored row not yet sent, by its deterministic job id: a job that used
 * up its attempts is retried from its first attempt, one still waiting, delayed or running is left
 * alone, and a row that never got a job gets one. False when a job is already on its way.
 */
export async function queueAgain<T>(
  queue: Queue<T>,
  name: string,
  data: T,
  options: JobsOptions & { jobId: string },
): Promise<boolean> {
  const job = await queue.getJob(options.jobId);
  if (job && (await job.isFailed())) {
    await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    return true;
  }
  if (job) return false;
  await (queue as Queue).add(name, data, options);
  return true;
}
