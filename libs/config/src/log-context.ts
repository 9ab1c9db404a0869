import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Fields every log line written inside `withLogContext` carries (the worker's job: queue, job, id,
 * the request that enqueued it). Only the worker enters it and only its logger reads it
 * (createLogger's `logContext`): the API's hot path pays nothing for it.
 */
const context = new AsyncLocalStorage<Record<string, unknown>>();

export function withLogContext<T>(fields: Record<string, unknown>, run: () => T): T {
  return context.run(fields, run);
}

/** pino's mixin: the fields of the context the line is written in, if any. */
export function logContextFields(): Record<string, unknown> {
  return context.getStore() ?? {};
}
