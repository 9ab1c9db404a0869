/** Thrown when a source asks us to stay away for longer than a run may wait (a ban, retries spent). */
export class SourceRefused extends Error {}

export interface PoliteClientOptions {
  /** How the source is named in errors and the log. */
  name: string;
  /** The least time between two requests: the source's throttle, kept from our side. */
  minIntervalMs: number;
  /** The longest one request may take. */
  timeoutMs: number;
  /** How often a 429 or 503 is waited out before the run gives up on the source. */
  maxRetries: number;
  /** The longest a Retry-After is honoured within a run; asking for longer ends the source's run. */
  maxRetryAfterMs: number;
  log: (line: string) => void;
}

/** An answer read whole: its status, its headers and its body parsed as JSON. */
export interface PoliteAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

const DEFAULT_RETRY_AFTER_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(at - now, 0);
}

/**
 * GETs of one source, one at a time and at least `minIntervalMs` apart; a 429 (or 503) is waited
 * out as its Retry-After asks (60 s when it does not say) and the request asked again, up to
 * `maxRetries` times; a 418 (Binance's ban for ignoring 429s) ends the source's run at once.
 */
export class PoliteClient {
  private lastRequestAt = 0;
  requests = 0;

  constructor(private readonly options: PoliteClientOptions) {}

  async get(url: string): Promise<PoliteAnswer> {
    const { name, minIntervalMs, timeoutMs, maxRetries, maxRetryAfterMs, log } = this.options;
    for (let attempt = 0; ; attempt++) {
      const wait = this.lastRequestAt + minIntervalMs - Date.now();
      if (wait > 0) await sleep(wait);
      this.lastRequestAt = Date.now();
      this.requests++;
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 418) {
        await response.body?.cancel();
        throw new SourceRefused(`${name} answered 418 (banned for now): stopping until the next run`);
      }
      if (response.status === 429 || response.status === 503) {
        await response.body?.cancel();
        const asked = retryAfterMs(response.headers.get('retry-after')) ?? DEFAULT_RETRY_AFTER_MS;
        if (attempt >= maxRetries || asked > maxRetryAfterMs) {
          throw new SourceRefused(
            `${name} answered ${response.status} (Retry-After ${asked / 1000} s) after ${attempt} retries: stopping until the next run`,
          );
        }
        log(`History backfill: ${name} answered ${response.status}; waiting ${asked / 1000} s as it asks`);
        await sleep(asked);
        this.lastRequestAt = Date.now();
        continue;
      }
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error(
          `${name}: ${new URL(url).pathname} answered ${response.status} with a body that is not JSON`,
        );
      }
      return { status: response.status, headers: response.headers, body };
    }
  }
}
