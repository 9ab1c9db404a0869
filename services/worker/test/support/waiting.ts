import type { JobName, JobPayload, QueueOf, QueueOfJob } from '@fxrates/queues';
import type { Queue } from 'bullmq';

/** Polls until the condition holds, or throws after the timeout. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Adds a job and waits for a worker to finish it: its return value, or its failure thrown. */
export async function runJob<T, Name extends JobName = JobName>(
  queue: Queue | QueueOf<QueueOfJob<Name>>,
  name: Name,
  data: JobPayload<Name>,
  timeoutMs = 10_000,
): Promise<T> {
  const job = await (queue as Queue).add(name, data);
  let result: T | undefined;
  await until(async () => {
    const done = await queue.getJob(job.id!);
    if (done?.failedReason) throw new Error(done.failedReason);
    result = (done?.returnvalue as T | null) ?? undefined;
    return result !== undefined;
  }, timeoutMs);
  return result!;
}
