import { createHash, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@fxrates/domain';
import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterRedis } from 'rate-limiter-flexible';
import type { AppConfig } from './config';
import { redisRateLimiter } from './redis-rate-limiter';

/** Failed Basic sign-ins one client address may make in the window before it is refused outright. */
export const OPERATOR_FAILURES_PER_ADDRESS = 30;
export const OPERATOR_FAILURE_WINDOW_SECONDS = 900;

const CHALLENGE = 'Basic realm="FXRates Pro operations", charset="UTF-8"';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether operator pages exist at all: only with credentials configured. */
export function operatorPagesEnabled(ops: AppConfig['ops']): boolean {
  return ops.user !== '' && ops.password !== '';
}

/** An operator request's outcome: let it through, or answer it with this problem. */
export type OperatorVerdict =
  { granted: true } | { granted: false; status: number; headers: Record<string, string>; body: string };

function refusal(
  status: number,
  code: ErrorCode,
  title: string,
  message: string,
  headers: Record<string, string>,
): OperatorVerdict {
  const body = JSON.stringify({ type: `/problems/${code}`, title, status, detail: message, code, message });
  return {
    granted: false,
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
    body,
  };
}

/**
 * HTTP Basic for the operator pages (Bull Board and the API's and the worker's metrics), shared by
 * every process that serves one. Credentials are compared in constant time, and failed attempts
 * are counted per client address (redisRateLimiter: in Redis, in memory while Redis is away), so a
 * password cannot be guessed faster than OPERATOR_FAILURES_PER_ADDRESS a quarter hour from one
 * address, on any number of instances. Callers pass the address already reduced to what one client controls
 * (an IPv6 /64), and call `check` only for a request already routed to an operator page.
 */
export class OperatorAccess {
  private readonly expected: Buffer;
  private readonly failures: RateLimiterRedis;

  constructor(
    ops: AppConfig['ops'],
    /** The counts live under `keyPrefix`. */
    redis: Redis,
    keyPrefix: string,
  ) {
    this.expected = digest(`${ops.user}:${ops.password}`);
    this.failures = redisRateLimiter(
      redis,
      keyPrefix,
      'operator-auth-failures',
      OPERATOR_FAILURES_PER_ADDRESS,
      OPERATOR_FAILURE_WINDOW_SECONDS,
      // The operator pages must stay reachable while Redis is away, to look into the outage.
      'count-in-memory',
    );
  }

  async check(authorization: string | undefined, address: string): Promise<OperatorVerdict> {
    const spent = await this.failures.get(address);
    if (spent && spent.remainingPoints <= 0 && spent.msBeforeNext > 0) return this.tooMany(spent);
    if (this.matches(authorization)) return { granted: true };
    try {
      await this.failures.consume(address);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return this.tooMany(rejection);
      throw rejection;
    }
    return refusal(401, ErrorCode.Unauthorized, 'Sign-in required', 'Operator credentials are required.', {
      'www-authenticate': CHALLENGE,
    });
  }

  private matches(authorization: string | undefined): boolean {
    const [scheme, encoded] = (authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'basic' || !encoded) return false;
    return timingSafeEqual(digest(Buffer.from(encoded, 'base64').toString()), this.expected);
  }

  private tooMany(spent: RateLimiterRes): OperatorVerdict {
    const seconds = Math.max(1, Math.ceil(spent.msBeforeNext / 1000));
    const minutes = Math.ceil(seconds / 60);
    return refusal(
      429,
      ErrorCode.TooManyAttempts,
      'Too many attempts',
      `Too many failed operator sign-ins from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { 'retry-after': String(seconds) },
    );
  }
}
