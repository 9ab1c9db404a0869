import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { FxRatesConnectionError, FxRatesError } from './errors';
import type { components } from './generated/openapi';
import type { QueryOf } from './operations';
import { parseRetryAfter } from './retry-after';
import { backoffDelay, DEFAULT_RETRIES, type RetryOptions } from './retry';

/** The query of GET /api/v1/stream: `{ symbols: ['EUR', 'GBP'], base: 'USD' }`. */
export type StreamQuery = QueryOf<'streamRates'>;
export type StreamSnapshot = components['schemas']['StreamSnapshotEvent'];
export type StreamRateChange = components['schemas']['StreamRateEvent'];

/** An event of the stream, its `data` typed by its `type`; `id` is what a reconnect resumes from. */
export type StreamEvent =
  | { type: 'snapshot'; id: string | undefined; data: StreamSnapshot }
  | { type: 'rate'; id: string | undefined; data: StreamRateChange };

export interface SubscribeOptions {
  /** Each snapshot and change, in order. */
  onEvent: (event: StreamEvent) => void;
  /**
   * Each failure: a refusal (FxRatesError: 403 plan, 429 too many streams, an `error` event such as
   * `quota-exceeded`) or a lost connection (FxRatesConnectionError). `willRetry` false: the
   * subscription has ended (a refusal that waiting does not cure).
   */
  onError?: (error: FxRatesError | FxRatesConnectionError, willRetry: boolean) => void;
  /** Ends the subscription. */
  signal?: AbortSignal;
  /** Resume after this event id (the last one a previous subscription received). */
  lastEventId?: string;
  /** Reconnect backoff (jittered, doubling from `baseDelayMs`); default: the client's retry steps. */
  backoff?: Partial<Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'maxRetryAfterMs'>>;
  /** Reconnect when nothing, not even a heartbeat, arrives for this long (default 45 s: three heartbeats). */
  idleTimeoutMs?: number;
}

export interface Subscription {
  /** The id of the last event received: what a reconnect sends as Last-Event-ID. */
  readonly lastEventId: string | undefined;
  /** How many connections were opened (1 + reconnects). */
  readonly connections: number;
  /** Settles once the subscription has ended (aborted, or a final refusal). */
  readonly done: Promise<void>;
  close(): void;
}

export interface StreamTransport {
  fetch: (request: Request) => Promise<Response>;
  /** The API's origin (no /api/v1). */
  origin: string;
  headers: Record<string, string>;
}

/** Refusals that waiting does not cure: the stream ends. */
const FINAL_CODES = new Set([
  'plan-upgrade-required',
  'quota-exceeded',
  'invalid-api-key',
  'api-key-disabled',
]);

function streamUrl(origin: string, query: StreamQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined) continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return `${origin}/api/v1/stream?${params}`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Subscribes to GET /api/v1/stream: calls `onEvent` with each event, and reconnects when the
 * connection ends or fails, after the server's `retry:` (or Retry-After of a 429/503) and with
 * jittered backoff while failures repeat, sending the last event id as Last-Event-ID so no change is
 * missed (the server resends what came in between, or a snapshot with `reset: true`).
 */
export function subscribe(
  transport: StreamTransport,
  query: StreamQuery,
  options: SubscribeOptions,
): Subscription {
  const controller = new AbortController();
  const { signal } = controller;
  if (options.signal) {
    if (options.signal.aborted) controller.abort();
    else options.signal.addEventListener('abort', () => controller.abort(), { once: true });
  }
  const backoff: RetryOptions = { ...DEFAULT_RETRIES, ...options.backoff };
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
  const url = streamUrl(transport.origin, query);
  let lastEventId = options.lastEventId;
  let connections = 0;
  /** The server's `retry:`, once it has sent one. */
  let reconnectMs: number | undefined;

  /** One connection; resolves to how long to wait before the next, or undefined to stop. */
  async function connect(failures: number): Promise<{ wait: number; failed: boolean } | undefined> {
    connections++;
    const attempt = new AbortController();
    const onAbort = () => attempt.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const awake = () => {
      clearTimeout(idle);
      idle = setTimeout(() => attempt.abort(), idleTimeoutMs);
    };
    const retryLater = (error: FxRatesError | FxRatesConnectionError, wait: number) => {
      options.onError?.(error, true);
      return { wait, failed: true };
    };
    try {
      const headers: Record<string, string> = { ...transport.headers, Accept: 'text/event-stream' };
      if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
      awake();
      let response: Response;
      try {
        response = await transport.fetch(new Request(url, { headers, signal: attempt.signal }));
      } catch (cause) {
        if (signal.aborted) return undefined;
        const error = new FxRatesConnectionError(`GET ${url} failed: ${(cause as Error).message}`, {
          cause,
          attempts: failures + 1,
        });
        return retryLater(error, backoffDelay(failures, backoff));
      }
      if (!response.ok || !response.body) {
        const body: unknown = await response.json().catch(() => undefined);
        const error = new FxRatesError(response, body);
        const asked = parseRetryAfter(response.headers.get('retry-after'));
        const retryable = response.status === 429 || response.status >= 500;
        if (!retryable || FINAL_CODES.has(error.code ?? '') || (asked ?? 0) > backoff.maxRetryAfterMs) {
          options.onError?.(error, false);
          return undefined;
        }
        return retryLater(error, asked ?? backoffDelay(failures, backoff));
      }
      let received = false;
      let final: FxRatesError | undefined;
      const parser = createParser({
        onEvent(message: EventSourceMessage) {
          if (message.event === 'error') {
            const problem = JSON.parse(message.data) as { status?: number; code?: string };
            const error = new FxRatesError(new Response(null, { status: problem.status ?? 500 }), problem);
            if (FINAL_CODES.has(problem.code ?? '')) final = error;
            else options.onError?.(error, true);
            return;
          }
          if (message.event !== 'snapshot' && message.event !== 'rate') return;
          received = true;
          if (message.id !== undefined) lastEventId = message.id;
          const data = JSON.parse(message.data) as StreamSnapshot & StreamRateChange;
          options.onEvent({ type: message.event, id: message.id, data } as StreamEvent);
        },
        onRetry(ms) {
          reconnectMs = ms;
        },
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          awake();
          parser.feed(decoder.decode(value, { stream: true }));
        }
      } catch (cause) {
        if (signal.aborted) return undefined;
        const error = new FxRatesConnectionError(`The stream ${url} was cut: ${(cause as Error).message}`, {
          cause,
          attempts: 1,
        });
        return retryLater(error, Math.max(reconnectMs ?? 0, backoffDelay(received ? 0 : failures, backoff)));
      }
      if (final) {
        options.onError?.(final, false);
        return undefined;
      }
      if (signal.aborted) return undefined;
      // The server ended the stream (a restart, a dropped slow client): reconnect after its `retry:`.
      return { wait: reconnectMs ?? backoffDelay(0, backoff), failed: !received };
    } finally {
      clearTimeout(idle);
      signal.removeEventListener('abort', onAbort);
    }
  }

  const done = (async () => {
    let failures = 0;
    while (!signal.aborted) {
      const next = await connect(failures);
      if (!next) break;
      failures = next.failed ? failures + 1 : 0;
      await sleep(next.wait, signal);
    }
  })();

  return {
    get lastEventId() {
      return lastEventId;
    },
    get connections() {
      return connections;
    },
    done,
    close: () => controller.abort(),
  };
}
