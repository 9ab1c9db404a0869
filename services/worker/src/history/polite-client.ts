import { getFromProvider, parseJsonBody, ProviderError, type ProviderId } from '@fxrates/rates';

/** Thrown when a source asks us to stay away for longer than a run may wait (a ban, retries spent). */
export class SourceRefused extends Error {}

export interface PoliteClientOptions {
  /** The source, as errors and the log name it. */
  name: ProviderId;
  /** The least time between two requests: the source's throttle, kept from our side. */
  minIntervalMs: number;
  /** The longest one request may take. */
  timeoutMs: number;
  /** How often a 429 or 503 is waited out before the run gives up on the source. */
  maxRetries: number;
  /** The longest a Retry-After is honoured within a run; asking for longer ends the source's run. */
  maxRetryAfterMs: number;
  log: (line: string) => void;
  /** Sent with every request (CoinGecko's API key, when one is configured). */
  headers?: Record<string, string>;
}

/** An answer read whole: its status, its headers and its body parsed as JSON. */
export interface PoliteAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Statuses whose body the backfill reads itself: an unknown symbol, product or currency. */
const READ_STATUSES = [400, 404, 422];
const DEFAULT_RETRY_AFTER_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GETs of one source through `getFromProvider` (no redirect followed, bodies capped), one at a
 * time and at least `minIntervalMs` apart; a 429 (or 503) is waited out as its Retry-After asks
 * (60 s when it does not say) and the request asked again, up to `maxRetries` times; a 418
 * (Binance's ban for ignoring 429s) ends the source's run at once.
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
      try {
        const response = await getFromProvider(
          name,
          url,
          { baseUrl: url, timeoutMs },
          { acceptStatus: READ_STATUSES, headers: this.options.headers },
        );
        return { status: response.status, headers: response.headers, body: parseJsonBody(name, response) };
      } catch (error) {
        const status = error instanceof ProviderError ? error.details.status : undefined;
        if (status === 418) {
          throw new SourceRefused(`${name} answered 418 (banned for now): stopping until the next run`);
        }
        if (status !== 429 && status !== 503) throw error;
        const asked = (error as ProviderError).details.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
        if (attempt >= maxRetries || asked > maxRetryAfterMs) {
          throw new SourceRefused(
            `${name} answered ${status} (Retry-After ${asked / 1000} s) after ${attempt} retries: stopping until the next run`,
          );
        }
        log(`History backfill: ${name} answered ${status}; waiting ${asked / 1000} s as it asks`);
        await sleep(asked);
        this.lastRequestAt = Date.now();
      }
    }
  }
}
