import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis';
import { AttemptThrottle } from './attempt-throttle';

export type { LoginAttempt } from './attempt-throttle';

/** Sign-in passwords (the form, and the current password of account changes): AttemptThrottle. */
@Injectable()
export class LoginThrottleService extends AttemptThrottle {
  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    super(redis, config, 'login', 'Too many failed sign-in attempts.');
  }
}
