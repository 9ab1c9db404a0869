import { clientAddressKey, consumeOrWait } from '@fxrates/config';
import { ErrorCode } from '@fxrates/domain';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { AppException } from './app-exception';

/**
 * Counts a call from `ip` (IPv4 address or IPv6 /64) against a per-address limit (redisRateLimiter);
 * resolves once admitted, or rejects with 429 `rate-limited`, Retry-After in seconds and the message
 * `tooMany(seconds)` says.
 */
export async function admitAddress(
  limiter: RateLimiterRedis,
  ip: string | undefined,
  tooMany: (seconds: number) => string,
): Promise<void> {
  const waitMs = await consumeOrWait(limiter, clientAddressKey(ip));
  if (waitMs === 0) return;
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  throw new AppException(ErrorCode.RateLimited, tooMany(seconds), undefined, {
    'Retry-After': String(seconds),
  });
}

export const seconds = (count: number) => `${count} second${count === 1 ? '' : 's'}`;
