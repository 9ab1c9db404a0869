import type { JobName, JobPayload } from '@fxrates/queues';
import { UnrecoverableError, type Job } from 'bullmq';

/** A method that runs one job: it gets the job with that job's payload. */
export type JobHandlerMethod<Name extends JobName> = (job: Job<JobPayload<Name>>) => Promise<unknown>;

/** One job a class handles, and the method that handles it. */
export interface JobHandlerEntry {
  job: JobName;
  method: string;
}

const entriesByClass = new WeakMap<object, JobHandlerEntry[]>();

/**
 * Marks the method that runs the jobs of one name: `@JobHandler(JOBS.flushUsage) flush(job)`. The
 * method must take that job's payload (a mismatch does not compile). The class's processor
 * dispatches through these marks (dispatchJob), and the worker's boot check counts them: each job
 * of a queue the process works has exactly one.
 */
export function JobHandler<Name extends JobName>(name: Name) {
  return <Method extends JobHandlerMethod<Name>>(
    target: object,
    method: string,
    // Only its type is used: it ties the method's parameter to the job's payload.
    _descriptor: TypedPropertyDescriptor<Method>,
  ): void => {
    const entries = entriesByClass.get(target.constructor) ?? [];
    entries.push({ job: name, method });
    entriesByClass.set(target.constructor, entries);
  };
}

/** The jobs a class handles, in the order its methods are declared (a job marked twice is listed twice). */
export function jobHandlersOf(handlerClass: object): readonly JobHandlerEntry[] {
  return entriesByClass.get(handlerClass) ?? [];
}

/**
 * Runs `job` with the method of `instance` marked for its name. A name with no method (a job queued
 * by a newer or older version) fails at once and for good: retrying cannot find a handler.
 */
export async function dispatchJob(instance: object, job: Job): Promise<unknown> {
  const entry = jobHandlersOf(instance.constructor).find((candidate) => candidate.job === job.name);
  if (!entry) throw new UnrecoverableError(`unknown job "${job.name}"`);
  const handler = (instance as Record<string, (job: Job) => Promise<unknown>>)[entry.method];
  return handler.call(instance, job);
}
