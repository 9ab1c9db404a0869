import { jobNamesOn, queueOfJob, type QueueName } from '@fxrates/queues';
import { jobHandlersOf } from './job-handler';

/**
 * Where @nestjs/bullmq's @Processor keeps its options (its PROCESSOR_METADATA, not exported from the
 * package's entry); job-handlers-check.spec.ts reads it back from a real @Processor class.
 */
const PROCESSOR_METADATA = 'bullmq:processor_metadata';

/** The queue a Nest processor class works (its @Processor), or undefined for any other class. */
export function processorQueueOf(providerClass: object): string | undefined {
  const options = Reflect.getMetadata(PROCESSOR_METADATA, providerClass) as { name?: string } | undefined;
  return options?.name;
}

/**
 * What keeps the given classes from running every job of `workedQueues`, one line per fault (none:
 * they do). Each job declared on a worked queue needs exactly one @JobHandler method; a handler on a
 * processor of another queue would never be given its job; and two processors of one queue would
 * each take jobs only the other can run.
 */
export function jobHandlerProblems(
  workedQueues: readonly QueueName[],
  providerClasses: readonly object[],
): string[] {
  const problems: string[] = [];
  const handlers = providerClasses.flatMap((providerClass) =>
    jobHandlersOf(providerClass).map(({ job, method }) => ({
      job,
      name: `${(providerClass as { name: string }).name}.${method}`,
      processorQueue: processorQueueOf(providerClass),
    })),
  );
  for (const handler of handlers) {
    const queue = queueOfJob(handler.job);
    if (handler.processorQueue !== undefined && handler.processorQueue !== queue) {
      problems.push(
        `${handler.name} handles "${handler.job}", a job of queue "${queue}", but its processor works queue "${handler.processorQueue}"`,
      );
    }
  }
  for (const queue of workedQueues) {
    const processors = providerClasses.filter((providerClass) => processorQueueOf(providerClass) === queue);
    if (processors.length > 1) {
      const names = processors.map((processor) => (processor as { name: string }).name).join(' and ');
      problems.push(
        `queue "${queue}" has ${processors.length} processors (${names}): each would take jobs of the other`,
      );
    }
    for (const job of jobNamesOn(queue)) {
      const found = handlers.filter((handler) => handler.job === job);
      if (found.length === 0) problems.push(`job "${job}" (queue "${queue}") has no handler`);
      if (found.length > 1) {
        problems.push(
          `job "${job}" (queue "${queue}") has ${found.length} handlers: ${found.map((h) => h.name).join(' and ')}`,
        );
      }
    }
  }
  return problems;
}

/** Thrown at boot when the worker's handlers do not run every job of the queues it works exactly once. */
export class JobHandlersError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `The worker's job handlers do not match the jobs declared in libs/queues/src/job-registry.ts:\n` +
        problems.map((problem) => `  - ${problem}`).join('\n'),
    );
    this.name = 'JobHandlersError';
  }
}

/** Throws a JobHandlersError naming every fault jobHandlerProblems finds. */
export function refuseUnmatchedJobHandlers(
  workedQueues: readonly QueueName[],
  providerClasses: readonly object[],
): void {
  const problems = jobHandlerProblems(workedQueues, providerClasses);
  if (problems.length > 0) throw new JobHandlersError(problems);
}
