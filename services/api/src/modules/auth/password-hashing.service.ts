import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ErrorCode } from '@fxrates/domain';
import { randomBytes } from 'node:crypto';
import pLimit, { type LimitFunction } from 'p-limit';
import { Counter, Gauge } from 'prom-client';
import { AppException } from '../../common/errors';
import { ApiMetrics } from '../../common/metrics';
import { hashPassword, verifyPassword } from './passwords';

/**
 * Every argon2 hash and verification of this process, run at most `PASSWORD_HASH_CONCURRENCY` at a
 * time with at most `PASSWORD_HASH_QUEUE_LIMIT` waiting. argon2 runs on libuv's four threads, which
 * DNS lookups and file access share, and each run takes tens of milliseconds of a core and 19 MiB:
 * unbounded, a flood of sign-ins or sign-ups would starve the rest of the API. Past the queue, a
 * call is refused at once (429 `rate-limited`, Retry-After 1 s) rather than queued without end: a
 * long queue only makes every sign-in slow, and the client can try again in a moment. 429 rather
 * than 503, because it is the flood of sign-ins that is refused, not the API that is down (a load
 * balancer must not take the instance out), and clients already wait on 429 with Retry-After.
 *
 * A sign-in for an unknown email is verified against a hash made at boot with the same parameters,
 * so it costs exactly what a known email's does and its answer time tells nothing.
 */
@Injectable()
export class PasswordHashing implements OnModuleInit {
  private readonly limit: LimitFunction;
  private readonly capacity: number;
  private dummyHash = '';
  private running = 0;
  private maxSeen = 0;
  private readonly runningMax: Gauge;
  private readonly refused: Counter;

  constructor(@Inject(APP_CONFIG) config: AppConfig, metrics: ApiMetrics) {
    const { passwordHashConcurrency, passwordHashQueueLimit } = config.auth;
    this.limit = pLimit(passwordHashConcurrency);
    this.capacity = passwordHashConcurrency + passwordHashQueueLimit;
    const limit = this.limit;
    const registers = [metrics.registry];
    new Gauge({
      name: 'fxrates_password_hashing_waiting',
      help: 'argon2 hashes and verifications waiting for a free slot',
      registers,
      collect() {
        this.set(limit.pendingCount);
      },
    });
    this.runningMax = new Gauge({
      name: 'fxrates_password_hashing_running_max',
      help: 'The most argon2 hashes and verifications that ran at once since the process started',
      registers,
    });
    this.refused = new Counter({
      name: 'fxrates_password_hashing_refused_total',
      help: 'Sign-ins and sign-ups refused because too many argon2 jobs were waiting',
      registers,
    });
  }

  async onModuleInit(): Promise<void> {
    this.dummyHash = await hashPassword(randomBytes(32).toString('base64url'));
  }

  hash(password: string): Promise<string> {
    return this.run(() => hashPassword(password));
  }

  /** True when `password` matches `hash`; without a hash (no such user) false, after the same work. */
  async verify(hash: string | undefined, password: string): Promise<boolean> {
    const matches = await this.run(() => verifyPassword(hash ?? this.dummyHash, password));
    return matches && hash !== undefined;
  }

  private run<T>(work: () => Promise<T>): Promise<T> {
    if (this.limit.activeCount + this.limit.pendingCount >= this.capacity) {
      this.refused.inc();
      return Promise.reject(
        new AppException(
          ErrorCode.RateLimited,
          'Too many sign-ins are being checked right now. Try again in a moment.',
          undefined,
          { 'Retry-After': '1' },
        ),
      );
    }
    return this.limit(async () => {
      this.running += 1;
      if (this.running > this.maxSeen) {
        this.maxSeen = this.running;
        this.runningMax.set(this.running);
      }
      try {
        return await work();
      } finally {
        this.running -= 1;
      }
    });
  }
}
