import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { RateDecimal } from '@fxrates/rates';
import type { Redis } from 'ioredis';
import { WORKER_REDIS } from '../worker.tokens';

const MINUTE_MS = 60_000;
/** The longest window an alert may have (1440 minutes), and an hour to spare. */
const KEPT_MINUTES = 1440 + 60;
/** A currency nobody watches any more is forgotten after this. */
const TTL_SECONDS = 7 * 24 * 3600;

/**
 * Records a minute's value (the last one wins within the minute), drops those older than the
 * cutoff but the newest of them (the value at any instant since the cutoff stays known), and keeps
 * the key alive while it is written.
 */
const RECORD = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], ARGV[1], ARGV[1])
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
local older = redis.call('ZCOUNT', KEYS[1], '-inf', '(' .. ARGV[3])
if older > 1 then redis.call('ZREMRANGEBYRANK', KEYS[1], 0, older - 2) end
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1`;

/**
 * The recent values of the currencies `change` alerts watch, for "the rate N minutes ago": one sorted
 * set per currency in Redis, a value per minute (units per USD, exact decimal strings), the last 25
 * hours. Shared by every worker; written on each publish for the currencies of the `change` alerts
 * the publish touches. Why not elsewhere: the rates table in Redis is only the latest, and
 * rate_history keeps one value per source and day, too coarse for a window of minutes. A currency
 * starts being recorded when an alert first watches it, so a new `change` alert decides nothing
 * until its window is covered; after Redis loses its keys, likewise.
 */
@Injectable()
export class RateAlertHistory {
  private readonly prefix: string;

  constructor(
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${config.redis.keyPrefix}rate-alerts:per-usd:`;
  }

  /** Records each currency's value per USD at `at` (USD, the pivot, is always 1 and never recorded). */
  async record(values: ReadonlyMap<string, RateDecimal>, at: Date): Promise<void> {
    const minute = Math.floor(at.getTime() / MINUTE_MS);
    const pipeline = this.redis.pipeline();
    for (const [code, perUsd] of values) {
      if (code === 'USD') continue;
      pipeline.eval(
        RECORD,
        1,
        this.prefix + code,
        minute,
        `${minute}|${perUsd.toString()}`,
        minute - KEPT_MINUTES,
        TTL_SECONDS,
      );
    }
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error);
    if (failed) throw failed[0]!;
  }

  /**
   * The value per USD of `code` `minutes` before `at`: the last one recorded in that minute or
   * before it; null when none was recorded that long ago.
   */
  async perUsdBefore(code: string, at: Date, minutes: number): Promise<RateDecimal | null> {
    if (code === 'USD') return new RateDecimal(1);
    const minute = Math.floor(at.getTime() / MINUTE_MS) - minutes;
    const [member] = await this.redis.zrevrangebyscore(this.prefix + code, minute, '-inf', 'LIMIT', 0, 1);
    if (!member) return null;
    return new RateDecimal(member.slice(member.indexOf('|') + 1));
  }
}
