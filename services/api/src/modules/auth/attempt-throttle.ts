import { type AppConfig, clientAddressKey, consumeOrWait, redisRateLimiter } from '@fxrates/config';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import type { RateLimiterRedis } from 'rate-limiter-flexible';

import { backoffDelayMs } from './login-backoff';
import { tooManyAttempts } from './too-many-attempts';

/** How long an IP the account signed in from stays exempt from the account's backoff. */
const KNOWN_ADDRESS_TTL_SECONDS = 30 * 24 * 3600;

/** One attempt, counted before the secret (password, code) is checked; tell it how the check went. */
export interface LoginAttempt {
  /** How long to wait before checking the secret: the account's backoff, 0 for a known IP. */
  readonly delayMs: number;
  failed(): Promise<void>;
  succeeded(): Promise<void>;
  /** The secret was never checked (the server was too busy): the attempt is not counted. */
  abandoned(): Promise<void>;
}

/**
 * Failed sign-ins cost the attacker, never the account's owner (OWASP Authentication Cheat Sheet;
 * rate-limiter-flexible's login protection recipe). Counted in Redis, so they hold across instances;
 * an IP is its IPv4 address or its IPv6 /64.
 *
 * - Per account and IP: `LOGIN_FAILURE_LIMIT` failures in the window, then that IP is refused for
 *   that account (429, Retry-After) even with the right password. Strict, since it only ever
 *   refuses the address that failed.
 * - Per IP, whatever the accounts: `LOGIN_IP_FAILURE_LIMIT` (one address trying many accounts).
 * - Per account, from every IP: never a refusal, since anyone can fail on anyone's account. Past
 *   `LOGIN_FAILURE_LIMIT` failures, a sign-in from an IP that never signed in to the account waits a
 *   delay that doubles with each failure, up to `LOGIN_BACKOFF_MAX_SECONDS`. An IP that signed in
 *   within 30 days skips it: the owner at home is not slowed at all by an attack from elsewhere,
 *   and on a new network waits a few seconds at most.
 *
 * An attempt is counted before its password is checked, so concurrent attempts cannot slip past a
 * limit, and given back when it succeeds or never reaches the check. An unknown email goes through
 * exactly the same steps as a known one.
 */
export abstract class AttemptThrottle {
  private readonly byAccountAndIp: RateLimiterRedis;
  private readonly byIp: RateLimiterRedis;
  private readonly byAccount: RateLimiterRedis;
  private readonly knownPrefix: string;
  private readonly failureLimit: number;
  private readonly backoffMaxMs: number;

  /**
   * `kind` names the counters in Redis (`login`: passwords; `two-factor`: authenticator codes, counted
   * apart so that a right password never clears the count of wrong codes); `refusal` starts the 429.
   */
  protected constructor(
    private readonly redis: Redis,
    config: AppConfig,
    kind: string,
    private readonly refusal: string,
  ) {
    const { loginFailureLimit, loginFailureWindowSeconds: window, loginIpFailureLimit } = config.auth;
    const prefix = config.redis.keyPrefix;
    this.failureLimit = loginFailureLimit;
    this.backoffMaxMs = config.auth.loginBackoffMaxSeconds * 1000;
    this.byAccountAndIp = redisRateLimiter(redis, prefix, `${kind}-account-ip`, loginFailureLimit, window);
    this.byIp = redisRateLimiter(redis, prefix, `${kind}-ip`, loginIpFailureLimit, window);
    // Only counted and read (penalty, get), never consumed: its points bound nothing.
    this.byAccount = redisRateLimiter(redis, prefix, `${kind}-account`, Number.MAX_SAFE_INTEGER, window);
    this.knownPrefix = `${prefix}${kind}-known:`;
  }

  /**
   * Counts the attempt on the account (its email, or its id) or refuses it with 429
   * `too-many-attempts`; resolves to the attempt.
   */
  async begin(accountKey: string, ip: string | undefined): Promise<LoginAttempt> {
    const account = createHash('sha256').update(accountKey).digest('hex');
    const address = clientAddressKey(ip);
    const pair = `${account}:${address}`;
    const known = `${this.knownPrefix}${account}:${address}`;
    const [pairWait, ipWait, failures, isKnown] = await Promise.all([
      consumeOrWait(this.byAccountAndIp, pair),
      consumeOrWait(this.byIp, address),
      this.byAccount.get(account).then((res) => res?.consumedPoints ?? 0),
      this.redis.exists(known).catch(() => 0),
    ]);
    if (pairWait > 0 || ipWait > 0) {
      throw tooManyAttempts(this.refusal, Math.max(pairWait, ipWait));
    }
    return {
      delayMs: isKnown ? 0 : backoffDelayMs(failures, this.failureLimit, this.backoffMaxMs),
      failed: async () => {
        await this.byAccount.penalty(account);
      },
      succeeded: async () => {
        await Promise.all([
          this.byAccountAndIp.delete(pair),
          this.byIp.reward(address),
          this.redis.set(known, '1', 'EX', KNOWN_ADDRESS_TTL_SECONDS),
        ]);
      },
      abandoned: async () => {
        await Promise.all([this.byAccountAndIp.reward(pair), this.byIp.reward(address)]);
      },
    };
  }
}
