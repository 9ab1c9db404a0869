import { ProviderError } from './provider-error';
import type { ProviderId, ProviderSettings } from './provider';

export interface ProviderResponse {
  status: number;
  headers: Headers;
  body: string;
}

/**
 * The largest answer read from a provider: the biggest real one (Binance's every-ticker list) is a
 * few hundred KB. Anything larger is refused unread, so a broken or hostile endpoint cannot
 * exhaust the worker's memory.
 */
export const MAX_PROVIDER_BODY_BYTES = 8 * 1024 * 1024;

/** The longest we stay away from a provider on its word: a ban for days still gets retried hourly. */
export const MAX_RETRY_AFTER_MS = 3_600_000;

/** `Retry-After` as milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3), at most an hour. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  const date = Date.parse(trimmed);
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Number.isNaN(date) ? undefined : date - now;
  return ms === undefined ? undefined : Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS);
}

/**
 * GETs a provider URL within the provider's timeout and turns every way it can fail into a
 * ProviderError: timeout, network, 429 (with how long it asked us to wait), 401/403, other non-2xx.
 * `acceptStatus` lets an adapter read a non-2xx body itself (Coinbase's per-product 404).
 */
export async function getFromProvider(
  provider: ProviderId,
  url: string,
  settings: ProviderSettings,
  options: { signal?: AbortSignal; headers?: Record<string, string>; acceptStatus?: number[] } = {},
): Promise<ProviderResponse> {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const where = new URL(url).pathname;
  let response: Response;
  let body: string | undefined;
  try {
    // A redirect is refused, not followed: a hostile provider (or its DNS) could otherwise send the
    // worker to any address it can reach, internal ones included.
    response = await fetch(url, {
      signal,
      redirect: 'manual',
      headers: { accept: 'application/json, application/xml;q=0.9, */*;q=0.1', ...options.headers },
    });
    body = await textWithin(response, MAX_PROVIDER_BODY_BYTES);
  } catch (error) {
    // The caller's signal may be a deadline for the whole fetch (several requests): its expiry is a
    // timeout too, not a network failure.
    if (
      timeout.aborted ||
      (signal.aborted && (signal.reason as Error | undefined)?.name === 'TimeoutError')
    ) {
      throw new ProviderError(provider, 'timeout', `no answer from ${where} within ${settings.timeoutMs} ms`);
    }
    throw new ProviderError(provider, 'network', `${where}: ${(error as Error).message}`);
  }
  if (body === undefined) {
    const limit = `${MAX_PROVIDER_BODY_BYTES / 1024 / 1024} MB`;
    throw new ProviderError(provider, 'malformed', `${where} answered more than ${limit}; not read`);
  }
  const { status } = response;
  if (status >= 300 && status < 400) {
    const target = response.headers.get('location') ?? 'nowhere';
    throw new ProviderError(
      provider,
      'http',
      `${where} answered ${status}, a redirect to ${target.slice(0, 200)}; not followed (point the provider's URL setting at the new address if it moved)`,
      { status },
    );
  }
  if ((status >= 200 && status < 300) || options.acceptStatus?.includes(status)) {
    return { status, headers: response.headers, body };
  }
  const snippet = body.slice(0, 200).replace(/\s+/g, ' ');
  if (status === 429 || status === 418) {
    const wait = retryAfterMs(response.headers.get('retry-after'));
    throw new ProviderError(provider, 'rate-limited', `${where} answered ${status}: ${snippet}`, {
      status,
      retryAfterMs: wait,
    });
  }
  const failure = status === 401 || status === 403 ? 'auth' : 'http';
  // A 503 may say when to come back too (RFC 9110 §10.2.3).
  const wait = status === 503 ? retryAfterMs(response.headers.get('retry-after')) : undefined;
  throw new ProviderError(provider, failure, `${where} answered ${status}: ${snippet}`, {
    status,
    ...(wait === undefined ? {} : { retryAfterMs: wait }),
  });
}

/**
 * The body as UTF-8 text, or undefined (and the rest left unread) once it passes `limit` bytes: how
 * every answer from outside (rate providers, PayPal, reCAPTCHA) is read, so none can exhaust memory.
 */
export async function textWithin(response: Response, limit: number): Promise<string | undefined> {
  if (Number(response.headers.get('content-length')) > limit) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > limit) return undefined; // leaving the loop early cancels the stream
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Runs `request` for each item, `parallel` at a time. One failure fails the whole: the requests
 * still under way (their signal aborts) and those not yet sent are dropped, so nothing outlives the
 * fetch that asked for them.
 */
export async function requestEach<T>(
  items: readonly T[],
  parallel: number,
  signal: AbortSignal | undefined,
  request: (item: T, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const pending = [...items];
  const failed = new AbortController();
  const each = signal ? AbortSignal.any([signal, failed.signal]) : failed.signal;
  const next = async (): Promise<void> => {
    const item = pending.shift();
    if (item === undefined || failed.signal.aborted) return;
    await request(item, each);
    return next();
  };
  try {
    await Promise.all(Array.from({ length: parallel }, next));
  } catch (error) {
    failed.abort();
    throw error;
  }
}

/** Parses a JSON body or fails the whole answer as malformed. */
export function parseJsonBody(provider: ProviderId, response: ProviderResponse): unknown {
  try {
    return JSON.parse(response.body);
  } catch {
    throw new ProviderError(provider, 'malformed', `body is not JSON: ${response.body.slice(0, 80)}`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
