import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, clientAddressKey, redisRateLimiter, type AppConfig } from '@fxrates/config';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { RedisLimit } from '../../common/security';
import { REDIS } from '../redis';

const HOUR_SECONDS = 3600;

/**
 * The contact form's limits, counted in Redis across instances: messages per hour per IP (IPv6: its
 * /64; CONTACT_LIMIT_PER_HOUR) and per email address (CONTACT_ADDRESS_LIMIT_PER_HOUR). An office
 * behind one IP gets the higher per-IP allowance shared by its people's addresses; one address sending
 * from many IPs is held to its own. A refusal says how long to wait, with Retry-After.
 *
 * The IP is counted before reCAPTCHA is asked (so a flood costs no siteverify calls), the address once
 * reCAPTCHA has passed (so bots without a token cannot use up a stranger's address). Addresses are
 * counted under a hash: no address is written into Redis key names.
 */
@Injectable()
export class ContactLimits {
  private readonly perIp: RedisLimit;
  private readonly perAddress: RedisLimit;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    const prefix = config.redis.keyPrefix;
    const { limitPerHour, addressLimitPerHour } = config.contact;
    this.perIp = new RedisLimit(
      redisRateLimiter(redis, prefix, 'contact-ip', limitPerHour, HOUR_SECONDS),
      (wait) => `Too many messages from your network in a short time. Wait ${wait}, then send yours again.`,
    );
    this.perAddress = new RedisLimit(
      redisRateLimiter(redis, prefix, 'contact-address', addressLimitPerHour, HOUR_SECONDS),
      (wait) =>
        `Too many messages from this email address in a short time. Wait ${wait}, then send yours again.`,
    );
  }

  /** Counts a message from `ip`: resolves when admitted, or rejects with 429 `rate-limited`. */
  admitIp(ip: string | undefined): Promise<void> {
    return this.perIp.admit(clientAddressKey(ip));
  }

  /** Counts a message from `email` (case and surrounding spaces ignored). */
  admitAddress(email: string): Promise<void> {
    const address = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
    return this.perAddress.admit(address);
  }
}
