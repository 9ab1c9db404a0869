import { redisRateLimiter, type AppConfig } from '@fxrates/config';
import { ErrorCode } from '@fxrates/domain';
import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterRedis } from 'rate-limiter-flexible';
import { AppException } from '../../common/errors';

/** Who a converter call is counted against besides its IP. */
export type ConverterCaller = 'session' | 'user';

interface PendingCall {
  /** Counts still to answer for this call (its caller's and its IP's). */
  open: number;
  /** The longest wait of a count that refused it, 0 while none has. */
  refusedForMs: number;
  proceed: () => void;
  refuse: (error: unknown) => void;
}

interface Count {
  limiter: RateLimiterRedis;
  key: string;
  calls: PendingCall[];
}

/**
 * The landing converter's limits: calls per minute per anonymous session (or signed-in user) and per
 * IP, counted in Redis so they hold exactly across instances (rate-limiter-flexible, fixed windows).
 *
 * The converter is a hot path (`npm run bench`), so counting costs one Redis write per turn of the
 * event loop, not per call: the calls of a turn are grouped by counter, each counter is increased
 * once by its number of calls (one script run; the runs of a turn go out together on the shared,
 * auto-pipelined connection), and of a counter's n calls the first ones up to the limit pass, as if
 * counted one by one. A caller over its limit is refused from memory until its window ends, without
 * asking Redis. Answers wait for the count, and callbacks rather than promises carry it per call.
 */
export class ConverterLimits {
  private readonly perCaller: Record<ConverterCaller, RateLimiterRedis>;
  private readonly perIp: RateLimiterRedis;
  private pending = new Map<string, Count>();

  constructor(redis: Redis, config: AppConfig) {
    const prefix = config.redis.keyPrefix;
    const { sessionLimitPerMinute, userLimitPerMinute, ipLimitPerMinute } = config.converter;
    this.perCaller = {
      session: redisRateLimiter(redis, prefix, 'converter-session', sessionLimitPerMinute, 60),
      user: redisRateLimiter(redis, prefix, 'converter-user', userLimitPerMinute, 60),
    };
    this.perIp = redisRateLimiter(redis, prefix, 'converter-ip', ipLimitPerMinute, 60);
  }

  /** Counts a call of `caller` `id` from `address`; then `proceed`, or `refuse` with 429 `rate-limited`. */
  count(
    caller: ConverterCaller,
    id: string,
    address: string,
    proceed: () => void,
    refuse: (error: unknown) => void,
  ): void {
    if (this.pending.size === 0) setImmediate(this.flush);
    const call: PendingCall = { open: 2, refusedForMs: 0, proceed, refuse };
    this.add(`${caller}|${id}`, this.perCaller[caller], id, call);
    this.add(`ip|${address}`, this.perIp, address, call);
  }

  private add(name: string, limiter: RateLimiterRedis, key: string, call: PendingCall): void {
    const count = this.pending.get(name);
    if (count) count.calls.push(call);
    else this.pending.set(name, { limiter, key, calls: [call] });
  }

  private readonly flush = () => {
    const counts = this.pending;
    this.pending = new Map();
    for (const { limiter, key, calls } of counts.values()) {
      limiter.consume(key, calls.length).then(
        (result) => this.settle(calls, result, calls.length),
        (refusal: unknown) => {
          if (!(refusal instanceof RateLimiterRes)) {
            for (const call of calls) this.fail(call, refusal);
            return;
          }
          // A caller refused from memory has no count: none of its calls pass.
          const passed =
            refusal.consumedPoints > 0 ? limiter.points - (refusal.consumedPoints - calls.length) : 0;
          this.settle(calls, refusal, Math.max(0, passed));
        },
      );
    }
  };

  /** The first `passed` calls got a place within the limit; the others wait out the window. */
  private settle(calls: PendingCall[], result: RateLimiterRes, passed: number): void {
    calls.forEach((call, i) => {
      if (call.open <= 0) return; // already failed by its other count
      if (i >= passed) call.refusedForMs = Math.max(call.refusedForMs, result.msBeforeNext, 1);
      call.open -= 1;
      if (call.open > 0) return;
      if (call.refusedForMs === 0) call.proceed();
      else call.refuse(tooManyConversions(call.refusedForMs));
    });
  }

  private fail(call: PendingCall, error: unknown): void {
    if (call.open <= 0) return;
    call.open = 0;
    call.refuse(error);
  }
}

function tooManyConversions(ms: number): AppException {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new AppException(
    ErrorCode.RateLimited,
    `Too many conversions in a short time. Wait ${seconds} second${seconds === 1 ? '' : 's'}, then try again.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}
