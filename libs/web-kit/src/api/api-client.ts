import { API_TIMEOUT_MS, REQUEST_ID_HEADER } from '@fxrates/domain';
import { ApiError, parseProblem } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  method?: HttpMethod;
  /** Path below the API base URL, e.g. "/rates/convert". */
  path: string;
  query?: Record<string, QueryValue>;
  /** Serialised as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Overrides the default timeout of 10 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Sent without the signed-in user's credentials and never retried on 401: the sign-in calls
   * themselves (login, register, refresh, logout), whose 401s are answers, not expired tokens.
   */
  skipAuth?: boolean;
}

/**
 * Adds headers to every request. This is the extension point for authentication:
 * the signed-in user's layer registers one returning `{ Authorization: 'Bearer …' }`.
 */
export type RequestHeadersProvider = (
  request: ApiRequest,
) => Record<string, string> | undefined | Promise<Record<string, string> | undefined>;

/** What the client tells the unauthorized handler about a request the API refused with 401. */
export interface UnauthorizedContext {
  request: ApiRequest;
  /** The headers the refused request carried (e.g. which access token it used). */
  sentHeaders: Headers;
  error: ApiError;
  /** True when the refused request was already the one retry. */
  retried: boolean;
}

/**
 * Decides what follows a 401: resolve `true` to send the request once more (with fresh headers),
 * `false` to let the error reach the caller. Called at most twice per request.
 */
export type UnauthorizedHandler = (context: UnauthorizedContext) => Promise<boolean>;

export interface ApiClientOptions {
  /** "/api" or an absolute URL such as "https://api.example.com/api". */
  baseUrl: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/** JSON-over-HTTP client for the app API: timeouts, header providers, problem+json errors. */
export class ApiClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly headersProviders = new Set<RequestHeadersProvider>();
  private unauthorizedHandler: UnauthorizedHandler | null = null;

  constructor(options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
    this.fetchImpl = options.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** Registers a provider of extra headers; returns a function that removes it. */
  addHeadersProvider(provider: RequestHeadersProvider): () => void {
    this.headersProviders.add(provider);
    return () => this.headersProviders.delete(provider);
  }

  /**
   * Sets the one handler consulted when a request (other than a `skipAuth` one) is answered 401;
   * returns a function that removes it.
   */
  setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
    this.unauthorizedHandler = handler;
    return () => {
      if (this.unauthorizedHandler === handler) this.unauthorizedHandler = null;
    };
  }

  get<T>(path: string, options: Omit<ApiRequest, 'path' | 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>({ ...options, method: 'GET', path });
  }

  post<T>(
    path: string,
    body?: unknown,
    options: Omit<ApiRequest, 'path' | 'method' | 'body'> = {},
  ): Promise<T> {
    return this.request<T>({ ...options, method: 'POST', path, body });
  }

  patch<T>(
    path: string,
    body?: unknown,
    options: Omit<ApiRequest, 'path' | 'method' | 'body'> = {},
  ): Promise<T> {
    return this.request<T>({ ...options, method: 'PATCH', path, body });
  }

  request<T>(request: ApiRequest): Promise<T> {
    return this.send<T>(request, false);
  }

  private async send<T>(request: ApiRequest, retried: boolean): Promise<T> {
    const headers = await this.buildHeaders(request);
    const init: RequestInit = {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      // The refresh cookie (HttpOnly, Path=/api/auth) travels only to the same origin.
      credentials: 'same-origin',
    };
    try {
      return await this.fetchAnswer<T>(this.buildUrl(request), init, request);
    } catch (error) {
      const handler = this.unauthorizedHandler;
      if (!(error instanceof ApiError) || !error.isUnauthorized || request.skipAuth || !handler) throw error;
      const retry = await handler({ request, sentHeaders: headers, error, retried });
      if (retry && !retried) return this.send<T>(request, true);
      throw error;
    }
  }

  private buildUrl(request: ApiRequest): string {
    const path = request.path.startsWith('/') ? request.path : `/${request.path}`;
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined && value !== null) search.set(name, String(value));
    }
    const query = search.toString();
    return `${this.baseUrl}${path}${query ? `?${query}` : ''}`;
  }

  private async buildHeaders(request: ApiRequest): Promise<Headers> {
    const headers = new Headers({ Accept: 'application/json, application/problem+json' });
    if (request.body !== undefined) headers.set('Content-Type', 'application/json');
    for (const provider of this.headersProviders) {
      for (const [name, value] of Object.entries((await provider(request)) ?? {})) headers.set(name, value);
    }
    for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
    return headers;
  }

  /**
   * The request's answer, read whole. The timeout and the caller's signal hold until the body has
   * been read, not only its headers: an answer the caller gave up on while it was arriving is
   * refused as cancelled, never handed to a caller that has moved on (a newer load of the same page).
   */
  private async fetchAnswer<T>(url: string, init: RequestInit, request: ApiRequest): Promise<T> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, request.timeoutMs ?? this.timeoutMs);
    const abortFromCaller = () => controller.abort();
    request.signal?.addEventListener('abort', abortFromCaller, { once: true });
    if (request.signal?.aborted) controller.abort();
    const cancelled = () =>
      timedOut
        ? new ApiError({ status: 0, code: 'timeout', message: 'The request timed out' })
        : new ApiError({ status: 0, code: 'aborted', message: 'The request was cancelled' });
    try {
      const response = await this.fetchImpl(url, { ...init, signal: controller.signal });
      const answer = await this.readResponse<T>(response);
      if (controller.signal.aborted) throw cancelled();
      return answer;
    } catch (cause) {
      if (controller.signal.aborted) throw cancelled();
      if (cause instanceof ApiError) throw cause;
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new ApiError({ status: 0, code: 'network-error', message: `Network error: ${reason}` });
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', abortFromCaller);
    }
  }

  private async readResponse<T>(response: Response): Promise<T> {
    const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
    const text = await response.text();
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        if (response.ok) {
          throw new ApiError({
            status: response.status,
            code: 'invalid-response',
            message: 'The server sent a response that is not JSON',
            requestId,
          });
        }
        // A non-JSON error body (e.g. from a proxy) is reported by its status below.
      }
    }
    if (response.ok) return body as T;
    const problem = parseProblem(body, response.status);
    throw new ApiError({
      status: response.status,
      code: problem?.code ?? 'http-error',
      message: problem?.message || `Request failed with HTTP ${response.status}`,
      problem,
      requestId,
    });
  }
}
