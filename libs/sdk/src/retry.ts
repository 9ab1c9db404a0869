import { FxRatesConnectionError } from './errors';
import { parseRetryAfter } from './retry-after';

export interface RetryOptions {
  /** Retries after the first attempt (default 2; 0 turns retrying off). */
  maxRetries: number;
  /** The longest `Retry-After` worth waiting for (default 30 s); a longer one is answered at once. */
  maxRetryAfterMs: number;
  /** First backoff step for 5xx and network errors (default 500 ms), doubled per retry, jittered. */
  baseDelayMs: number;
  /** The longest backoff step (default 8 s). */
  maxDelayMs: number;
}

export const DEFAULT_RETRIES: RetryOptions = {
  maxRetries: 2,
  maxRetryAfterMs: 30_000,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
};

/** Methods a server treats as safe to repeat: a repeated call changes nothing. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * "Full jitter" exponential backoff: a uniform wait up to the step, so many clients refused together
 * do not come back together.
 */
export function backoffDelay(
  retry: number,
  options: RetryOptions,
  random: () => number = Math.random,
): number {
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  return Math.round(random() * step);
}

/**
 * How long to wait before retrying after `response`, or undefined when it is the answer to keep.
 * A 429 (the call was refused before doing anything) is retried for any method; a 503 or other 5xx
 * only for idempotent ones. Any other 4xx is final. A `Retry-After` is honoured as given, and one
 * longer than `maxRetryAfterMs` (a month's quota spent) ends the retrying so the caller can decide.
 */
export function retryDelay(
  response: Response,
  method: string,
  retry: number,
  options: RetryOptions,
  now: number = Date.now(),
): number | undefined {
  const { status } = response;
  const idempotent = IDEMPOTENT.has(method.toUpperCase());
  if (status === 429 || (status === 503 && idempotent)) {
    const asked = parseRetryAfter(response.headers.get('retry-after'), now);
    if (asked === undefined) return backoffDelay(retry, options);
    return asked <= options.maxRetryAfterMs ? asked : undefined;
  }
  if (status >= 500 && idempotent) return backoffDelay(retry, options);
  return undefined;
}

function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A signal aborted when either is (AbortSignal.any where the runtime has it: Node 20.3+, 2024 browsers). */
function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const controller = new AbortController();
  for (const signal of [a, b]) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

export interface RetryingFetchOptions {
  fetch: (request: Request) => Promise<Response>;
  retries: RetryOptions;
  /** Each attempt's limit in ms (undefined: none). */
  timeoutMs: number | undefined;
}

/**
 * A fetch that retries as `retryDelay` says, and turns a failure to get any answer into an
 * FxRatesConnectionError (network errors are retried for idempotent methods, with backoff). The
 * caller's own abort is never retried nor wrapped: it surfaces as the AbortError it is.
 */
export function retryingFetch({ fetch, retries, timeoutMs }: RetryingFetchOptions) {
  return async (request: Request): Promise<Response> => {
    const idempotent = IDEMPOTENT.has(request.method);
    for (let retry = 0; ; retry++) {
      const timeout = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
      const signal = timeout ? eitherSignal(request.signal, timeout) : request.signal;
      let response: Response;
      try {
        response = await fetch(new Request(request.clone(), { signal }));
      } catch (error) {
        if (request.signal.aborted) throw error;
        const timedOut = timeout?.aborted ?? false;
        if (!idempotent || retry >= retries.maxRetries) {
          const reason = timedOut ? `no answer within ${timeoutMs} ms` : (error as Error).message;
          throw new FxRatesConnectionError(`${request.method} ${request.url} failed: ${reason}`, {
            cause: error,
            timedOut,
            attempts: retry + 1,
          });
        }
        await sleep(backoffDelay(retry, retries), request.signal);
        continue;
      }
      const delay =
        retry < retries.maxRetries ? retryDelay(response, request.method, retry, retries) : undefined;
      if (delay === undefined) return response;
      // The refused answer is not read: release its connection before waiting.
      await response.body?.cancel().catch(() => undefined);
      await sleep(delay, request.signal);
    }
  };
}
