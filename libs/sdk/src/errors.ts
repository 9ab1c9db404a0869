import type { components } from './generated/openapi';
import type { FxRatesProblemCode } from './operations';
import { parseRateLimit, type RateLimitInfo } from './rate-limit';
import { parseRetryAfter } from './retry-after';

/** An RFC 9457 problem as the API writes it. */
export type FxRatesProblem = components['schemas']['Problem'];

export const REQUEST_ID_HEADER = 'x-request-id';

function isProblem(body: unknown): body is FxRatesProblem {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string';
}

/**
 * The API answered with an error: a problem+json with a stable `code`, or (from something in front of
 * the API, such as a proxy) a bare error status, whose `code` is then undefined.
 */
export class FxRatesError extends Error {
  override readonly name = 'FxRatesError';
  /** The HTTP status. */
  readonly status: number;
  /** The problem's stable machine code, e.g. `unknown-currency`, `plan-upgrade-required`. */
  readonly code: FxRatesProblemCode | undefined;
  readonly title: string;
  readonly detail: string | undefined;
  /** The API's request id (`X-Request-Id`): quote it to support. */
  readonly requestId: string | undefined;
  /** Seconds the API asked to wait before trying again (`Retry-After`, on 429 and 503). */
  readonly retryAfter: number | undefined;
  /** The key's limits as the refusal states them (on 429). */
  readonly rateLimit: RateLimitInfo | undefined;
  /** The problem body as the API sent it, or undefined when the body was not a problem. */
  readonly problem: FxRatesProblem | undefined;
  readonly response: Response;

  constructor(response: Response, body: unknown) {
    const problem = isProblem(body) ? body : undefined;
    const title = problem?.title ?? (response.statusText || `HTTP ${response.status}`);
    super(problem?.message ?? problem?.detail ?? title);
    this.status = response.status;
    this.code = problem?.code as FxRatesProblemCode | undefined;
    this.title = title;
    this.detail = problem?.detail;
    this.requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
    const wait = parseRetryAfter(response.headers.get('retry-after'));
    this.retryAfter = wait === undefined ? undefined : Math.ceil(wait / 1000);
    this.rateLimit = parseRateLimit(response.headers);
    this.problem = problem;
    this.response = response;
  }
}

/**
 * No answer came: the connection failed or was reset, DNS failed, or the attempt timed out (`timedOut`).
 * Distinct from FxRatesError, where the API did answer.
 */
export class FxRatesConnectionError extends Error {
  override readonly name = 'FxRatesConnectionError';
  readonly timedOut: boolean;
  /** How many attempts were made, retries included. */
  readonly attempts: number;

  constructor(message: string, options: { cause: unknown; timedOut?: boolean; attempts: number }) {
    super(message, { cause: options.cause });
    this.timedOut = options.timedOut ?? false;
    this.attempts = options.attempts;
  }
}

/** Narrows an error to an FxRatesError, or to one whose `code` is among `codes`. */
export function isFxRatesError(error: unknown): error is FxRatesError;
export function isFxRatesError<C extends FxRatesProblemCode>(
  error: unknown,
  ...codes: [C, ...C[]]
): error is FxRatesError & { code: C };
export function isFxRatesError(error: unknown, ...codes: FxRatesProblemCode[]): boolean {
  return (
    error instanceof FxRatesError &&
    (codes.length === 0 || (error.code !== undefined && codes.includes(error.code)))
  );
}
