import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import type { Redis } from 'ioredis';
import { REDIS } from '../../redis';
import { AttemptThrottle } from '../attempt-throttle';

/**
 * Authenticator and recovery codes, throttled as passwords are (AttemptThrottle, the same limits
 * and backoff) on counters of their own keyed by the user id: knowing the password never resets the
 * count of wrong codes.
 */
@Injectable()
export class TwoFactorThrottleService extends AttemptThrottle {
  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    super(redis, config, 'two-factor', 'Too many wrong authentication codes.');
  }
}
