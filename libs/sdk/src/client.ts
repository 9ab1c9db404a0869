import createClient, { type Client } from 'openapi-fetch';
import { FxRatesError, REQUEST_ID_HEADER } from './errors';
import { etagCaching, isRevalidated } from './etag-cache';
import { jwksCache } from './fixings';
import type { paths } from './generated/openapi';
import type { BodyOf, DataOf, OperationId, QueryOf } from './operations';
import { parseRateLimit, type RateLimitInfo } from './rate-limit';
import { DEFAULT_RETRIES, retryingFetch, type RetryOptions } from './retry';
import { subscribe, type StreamQuery, type SubscribeOptions, type Subscription } from './subscribe';
import type { FixingJwks, FixingVerification } from './verify-fixing';

export interface FxRatesClientOptions {
  /** Your API key (dashboard → API keys), sent as `X-API-Key`. */
  apiKey: string;
  /** Where the API is served, e.g. `https://fxrates.example` (a trailing `/api/v1` is accepted too). */
  baseUrl: string;
  /** A fetch of your own (a proxy agent, instrumentation); default `globalThis.fetch`. */
  fetch?: (request: Request) => Promise<Response>;
  /** Retries: how many (a number), their limits, or `false` for none. Default: 2 retries. */
  retries?: number | false | Partial<RetryOptions>;
  /** Each attempt's limit in ms (default 30 000); an attempt over it is a network error. */
  timeoutMs?: number;
  /** Headers sent with every call (e.g. `User-Agent` on Node). */
  headers?: Record<string, string>;
  /**
   * Keep answers that carry an `ETag` (and allow caching) and revalidate them with `If-None-Match`:
   * an unchanged answer comes back as a 304 without its body, and resolves as before with
   * `notModified: true`. `true` keeps up to 100 answers. Off by default.
   */
  etagCache?: boolean | { maxEntries: number };
}

/** Per-call options. */
export interface RequestOptions {
  /** Cancels the call, waiting retries included. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** An answer: the body, and what the headers say about it. */
export interface FxRatesResponse<T> {
  data: T;
  status: number;
  /** The API's request id (`X-Request-Id`): quote it to support. */
  requestId: string | undefined;
  /** The key's limits after this call; undefined on calls that are not metered. */
  rateLimit: RateLimitInfo | undefined;
  /** The answer's `ETag`, when the API sends one. */
  etag: string | undefined;
  /** The API answered 304 Not Modified and `data` is the cached answer (`etagCache`). */
  notModified: boolean;
  /** The raw answer, for any other header. */
  response: Response;
}

export type FxRatesRawClient = Client<paths>;

type Answer<Op extends OperationId> = Promise<FxRatesResponse<DataOf<Op>>>;

function retryOptionsOf(retries: FxRatesClientOptions['retries']): RetryOptions {
  if (retries === false) return { ...DEFAULT_RETRIES, maxRetries: 0 };
  if (typeof retries === 'number') return { ...DEFAULT_RETRIES, maxRetries: retries };
  return { ...DEFAULT_RETRIES, ...retries };
}

/** openapi-fetch's result, as an FxRatesResponse or the FxRatesError of its answer. */
/** What openapi-fetch resolves to. */
type Unwrappable<T> = { data?: T; error?: unknown; response: Response };

async function unwrap<T>(result: Promise<Unwrappable<T>>): Promise<FxRatesResponse<T>> {
  const { data, error, response } = await result;
  if (!response.ok) throw new FxRatesError(response, error);
  return {
    data: data as T,
    status: response.status,
    requestId: response.headers.get(REQUEST_ID_HEADER) ?? undefined,
    rateLimit: parseRateLimit(response.headers),
    etag: response.headers.get('etag') ?? undefined,
    notModified: isRevalidated(response),
    response,
  };
}

/**
 * A client of the public rates API. Each method is one operation of the OpenAPI document, typed from
 * it (parameters, answer, problem codes); `raw` is the openapi-fetch client for anything else, with
 * the same key, retries and serialisation.
 *
 * Methods resolve to an FxRatesResponse and reject with an FxRatesError (the API answered with an
 * error) or an FxRatesConnectionError (no answer). 429 and 503 are retried after their Retry-After,
 * other 5xx and network errors with jittered backoff; no other 4xx is retried.
 */
export function createFxRatesClient(options: FxRatesClientOptions) {
  if (!options.apiKey) throw new TypeError('createFxRatesClient: apiKey is required');
  if (!options.baseUrl) throw new TypeError('createFxRatesClient: baseUrl is required');
  const fetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const retrying = retryingFetch({
    fetch,
    retries: retryOptionsOf(options.retries),
    timeoutMs: options.timeoutMs ?? 30_000,
  });
  const { etagCache } = options;
  const maxEntries = typeof etagCache === 'object' ? etagCache.maxEntries : 100;
  // The docs give the public API's base (…/api/v1); the paths already start with it.
  const origin = options.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  const raw: FxRatesRawClient = createClient<paths>({
    baseUrl: origin,
    headers: { ...options.headers, 'X-API-Key': options.apiKey },
    // The API takes lists comma-separated (`symbols=EUR,GBP`), as its document declares (explode: false).
    querySerializer: { array: { style: 'form', explode: false } },
    fetch: etagCache ? etagCaching(retrying, maxEntries) : retrying,
  });
  const init = (request: RequestOptions | undefined) => ({
    signal: request?.signal,
    headers: request?.headers,
  });
  // The JWKS is public: fetched without the key, with the same retries.
  const jwks = jwksCache({ fetch: retrying, origin });
  const fixing = (id: string, request?: RequestOptions): Answer<'getSignedFixing'> =>
    unwrap(raw.GET('/api/v1/fixings/{id}', { params: { path: { id } }, ...init(request) }));

  return {
    /** Latest rates against a base: `latest({ base: 'USD', symbols: ['EUR', 'GBP'] })`. */
    latest(query: QueryOf<'getLatestRates'> = {}, request?: RequestOptions): Answer<'getLatestRates'> {
      return unwrap(raw.GET('/api/v1/rates/latest', { params: { query }, ...init(request) }));
    },
    /** One rate: `rate({ from: 'USD', to: 'EUR' })`. */
    rate(query: QueryOf<'getRate'>, request?: RequestOptions): Answer<'getRate'> {
      return unwrap(raw.GET('/api/v1/rates/rate', { params: { query }, ...init(request) }));
    },
    /** Converts an amount: `convert({ from: 'USD', to: 'EUR', amount: 100 })`. */
    convert(query: QueryOf<'convert'>, request?: RequestOptions): Answer<'convert'> {
      return unwrap(raw.GET('/api/v1/convert', { params: { query }, ...init(request) }));
    },
    /** A day's closing rates: `historical('2024-03-15', { base: 'EUR' })`. */
    historical(
      date: string,
      query: QueryOf<'getHistoricalRates'> = {},
      request?: RequestOptions,
    ): Answer<'getHistoricalRates'> {
      return unwrap(
        raw.GET('/api/v1/rates/historical/{date}', { params: { path: { date }, query }, ...init(request) }),
      );
    },
    /** Daily closes over a period: `timeseries({ start: '2024-01-01', end: '2024-01-31' })`. */
    timeseries(
      query: Omit<QueryOf<'getTimeSeries'>, 'format'>,
      request?: RequestOptions,
    ): Answer<'getTimeSeries'> {
      // The document lists the exports' media types beside JSON; format=json asks for JSON alone.
      return unwrap(
        raw.GET('/api/v1/rates/timeseries', {
          params: { query: { ...query, format: 'json' } },
          ...init(request),
        }) as unknown as Promise<Unwrappable<DataOf<'getTimeSeries'>>>,
      );
    },
    /**
     * The same closes as a file, one row per day and symbol with its provenance: CSV (RFC 4180, a
     * header row) or NDJSON (one JSON object a line), as the text the API streamed.
     */
    timeseriesExport(
      query: Omit<QueryOf<'getTimeSeries'>, 'format'>,
      format: 'csv' | 'ndjson',
      request?: RequestOptions,
    ): Promise<FxRatesResponse<string>> {
      return unwrap(
        raw.GET('/api/v1/rates/timeseries', {
          params: { query: { ...query, format } },
          parseAs: 'text',
          ...init(request),
        }) as unknown as Promise<Unwrappable<string>>,
      );
    },
    /** Change over a period: `fluctuation({ start: '2024-01-01', end: '2024-01-31' })`. */
    fluctuation(query: QueryOf<'getFluctuation'>, request?: RequestOptions): Answer<'getFluctuation'> {
      return unwrap(raw.GET('/api/v1/rates/fluctuation', { params: { query }, ...init(request) }));
    },
    /**
     * Mean, low and high of each day's rate over calendar periods, in decimals:
     * `average({ base: 'USD', symbols: ['EUR'], period: 'month', start: '2024-01-01', end: '2024-03-31' })`.
     */
    average(query: QueryOf<'getRateAverage'>, request?: RequestOptions): Answer<'getRateAverage'> {
      return unwrap(raw.GET('/api/v1/rates/average', { params: { query }, ...init(request) }));
    },
    /** Intraday bars (open, high, low, close, ticks) of one pair: `ohlc({ symbol: 'EUR', interval: '1h', … })`. */
    ohlc(query: Omit<QueryOf<'getOhlc'>, 'format'>, request?: RequestOptions): Answer<'getOhlc'> {
      // As timeseries: the document lists the exports' media types beside JSON; format=json asks for JSON.
      return unwrap(
        raw.GET('/api/v1/rates/ohlc', {
          params: { query: { ...query, format: 'json' } },
          ...init(request),
        }) as unknown as Promise<Unwrappable<DataOf<'getOhlc'>>>,
      );
    },
    /** The same bars as a file: CSV (a header row) or NDJSON (one bar a line), as the text the API streamed. */
    ohlcExport(
      query: Omit<QueryOf<'getOhlc'>, 'format'>,
      format: 'csv' | 'ndjson',
      request?: RequestOptions,
    ): Promise<FxRatesResponse<string>> {
      return unwrap(
        raw.GET('/api/v1/rates/ohlc', {
          params: { query: { ...query, format } },
          parseAs: 'text',
          ...init(request),
        }) as unknown as Promise<Unwrappable<string>>,
      );
    },
    /**
     * Converts up to 1,000 rows in one call, each `{ ref, amount, from, to, at }`; a result or a problem
     * per row, in order: `convertBatch({ rows: [{ ref: 'inv-1', amount: '100', from: 'USD', to: 'EUR' }] })`.
     */
    convertBatch(body: BodyOf<'convertBatch'>, request?: RequestOptions): Answer<'convertBatch'> {
      return unwrap(raw.POST('/api/v1/convert/batch', { body, ...init(request) }));
    },
    /** The currencies your plan can ask for (not metered). */
    currencies(query: QueryOf<'listCurrencies'> = {}, request?: RequestOptions): Answer<'listCurrencies'> {
      return unwrap(raw.GET('/api/v1/currencies', { params: { query }, ...init(request) }));
    },
    /** This key's quota this month (not metered). */
    usage(request?: RequestOptions): Answer<'getQuotaUsage'> {
      return unwrap(raw.GET('/api/v1/usage', { ...init(request) }));
    },
    /** Each rates source's last poll, data age and freshness per plan (public, not metered). */
    status(request?: RequestOptions): Answer<'getStatus'> {
      return unwrap(raw.GET('/api/v1/status', { ...init(request) }));
    },
    /** Each enabled source's data age over the last 24 hours in 5-minute steps (public, not metered). */
    statusHistory(request?: RequestOptions): Answer<'getStatusHistory'> {
      return unwrap(raw.GET('/api/v1/status/history', { ...init(request) }));
    },
    /**
     * The requested rates as they change (Server-Sent Events; Professional and Enterprise):
     * `subscribe({ symbols: ['EUR', 'GBP'] }, { onEvent })`. A snapshot first, then a `rate` event per
     * change; reconnects by itself, resuming from the last event id.
     */
    subscribe(query: StreamQuery, subscription: SubscribeOptions): Subscription {
      return subscribe(
        { fetch, origin, headers: { ...options.headers, 'X-API-Key': options.apiKey } },
        query,
        subscription,
      );
    },
    /** The cuts kept and the fixings stored: `fixings({ cut: 'LDN1600', start: '2026-03-01', end: '2026-03-31' })`. */
    fixings(query: QueryOf<'listFixings'> = {}, request?: RequestOptions): Answer<'listFixings'> {
      return unwrap(raw.GET('/api/v1/fixings', { params: { query }, ...init(request) }));
    },
    /** A cut's fixing of a day re-based: `fixingRates('LDN1600', '2026-03-27', { base: 'EUR' })`. */
    fixingRates(
      cut: string,
      date: string,
      query: QueryOf<'getFixing'> = {},
      request?: RequestOptions,
    ): Answer<'getFixing'> {
      return unwrap(
        raw.GET('/api/v1/fixings/{cut}/{date}', { params: { path: { cut, date }, query }, ...init(request) }),
      );
    },
    /** The API's own check of a fixing's signature (not metered); `verifyFixing` checks it yourself. */
    fixingVerification(id: string, request?: RequestOptions): Answer<'verifyFixing'> {
      return unwrap(raw.GET('/api/v1/fixings/{id}/verify', { params: { path: { id } }, ...init(request) }));
    },
    /**
     * A signed fixing, e.g. `fixing('fix_LDN1600_20261026')`: the rates frozen at a cut, with their
     * provenance and a detached JWS (`signature.jws`). `verifyFixing` checks it.
     */
    fixing,
    /** The fixing keys (`/.well-known/jwks.json`), fetched once and kept by this client. */
    jwks(request?: Pick<RequestOptions, 'signal'>): Promise<FixingJwks> {
      return jwks.get(request?.signal);
    },
    /**
     * Verifies a fixing against the API's published keys, fetched once (again only for a kid not seen
     * yet): `{ valid: true, kid }` or `{ valid: false, reason, detail }`. Offline after the first call.
     */
    verifyFixing(signed: unknown, request?: Pick<RequestOptions, 'signal'>): Promise<FixingVerification> {
      return jwks.verify(signed, request?.signal);
    },
    /** `fixing(id)` and its verification: the answer with `verification` beside `data`. */
    async verifiedFixing(
      id: string,
      request?: RequestOptions,
    ): Promise<FxRatesResponse<DataOf<'getSignedFixing'>> & { verification: FixingVerification }> {
      const answer = await fixing(id, request);
      return { ...answer, verification: await jwks.verify(answer.data, request?.signal) };
    },
    /** The openapi-fetch client: every public path, typed, with this client's key and retries. */
    raw,
  };
}

export type FxRatesClient = ReturnType<typeof createFxRatesClient>;
