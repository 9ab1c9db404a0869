import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { REDIS } from '../redis';

/** What was accepted under a transmission id: the same delivery again, or another one. */
export type EarlierTransmission = 'same-delivery' | 'other-delivery' | undefined;

/**
 * The transmission ids of the webhook deliveries we accepted (verified, stored and queued), in Redis
 * across instances, each with a digest of its signature and body. Only a verified delivery is recorded,
 * so a forgery carrying a genuine transmission id never keeps the genuine delivery out. An id is kept
 * twice the transmission-time tolerance (and a minute): by then a copy of the delivery is refused as
 * stale anyway.
 */
@Injectable()
export class WebhookTransmissions {
  private readonly prefix: string;
  private readonly ttlSeconds: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${config.redis.keyPrefix}paypal:webhook:transmission:`;
    this.ttlSeconds = Math.ceil((2 * config.paypal.webhookToleranceMs) / 1000) + 60;
  }

  /** Whether a delivery was accepted under `transmissionId` before, and whether it was this one. */
  async earlier(transmissionId: string, signature: string, rawBody: Buffer): Promise<EarlierTransmission> {
    const recorded = await this.redis.get(this.key(transmissionId));
    if (recorded === null) return undefined;
    return recorded === digest(signature, rawBody) ? 'same-delivery' : 'other-delivery';
  }

  /** Records an accepted delivery; the first one recorded under its id stays. */
  async record(transmissionId: string, signature: string, rawBody: Buffer): Promise<void> {
    await this.redis.set(this.key(transmissionId), digest(signature, rawBody), 'EX', this.ttlSeconds, 'NX');
  }

  private key(transmissionId: string): string {
    return `${this.prefix}${transmissionId}`;
  }
}

/**
 * The signature covers the body only through its CRC32, which anyone can match with another body:
 * the digest is of both, so such a body is not "the same delivery".
 */
function digest(signature: string, rawBody: Buffer): string {
  return createHash('sha256').update(signature).update('\n').update(rawBody).digest('base64url');
}
