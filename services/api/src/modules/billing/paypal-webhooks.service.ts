import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, clientAddressKey, redisRateLimiter, type AppConfig } from '@fxrates/config';
import { WebhookEvent } from '@fxrates/db';
import { ErrorCode } from '@fxrates/domain';
import {
  isGenuineWebhookSignature,
  PayPalClient,
  payPalEventRecord,
  PayPalUnavailableError,
  PayPalWebhookCertificates,
  WebhookCertificateRefused,
  WebhookCertificatesBusy,
  type PayPalEvent,
} from '@fxrates/paypal';
import { applyPayPalEventJobOptions, JOBS, QUEUES, type QueueOf } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import type { X509Certificate } from 'node:crypto';
import { RedisLimit } from '../../common/security';
import { AppException } from '../../common/errors';
import { isDatabaseUnreachable } from '../../common/resilience';
import { REDIS } from '../redis';
import { invalidSignature, parseDelivery, type WebhookDelivery } from './webhook-delivery';
import { WebhookTransmissions } from './webhook-transmissions';

/** How long a delivery refused because certificate fetches are queued up is told to wait. */
const BUSY_RETRY_AFTER_SECONDS = 30;

/**
 * A PayPal webhook delivery is verified here, without asking PayPal: its signature is checked with
 * the public key of PayPal's certificate at PAYPAL-CERT-URL (fetched once per URL and cached), as
 * PayPal documents. The cheap checks come first, so a forgery costs us no call to anyone: the
 * per-address limit (429), the headers, the transmission time (400 `webhook-stale`), the
 * certificate URL (PayPal's hosts only), the body, and a transmission id already accepted (the same
 * delivery again answers 200 with nothing done; another delivery under it 409 `webhook-replayed`).
 * Only then is a certificate fetched, if it is not cached, at most a few at a time with a bounded
 * queue (past it 503 and Retry-After).
 *
 * A genuine event is stored once by its event id and queued for the worker before we answer 2xx;
 * PayPal redelivers anything we did not accept. While PostgreSQL is down a verified event is queued
 * with its body, which the worker stores once PostgreSQL is back (the sweep re-queues it should its
 * retries run out first): PayPal is not left to redeliver for days an event we could take at once.
 */
@Injectable()
export class PayPalWebhooksService {
  private readonly logger = new Logger(PayPalWebhooksService.name);
  private readonly perIp: RedisLimit;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) redis: Redis,
    private readonly em: EntityManager,
    private readonly paypal: PayPalClient,
    private readonly certificates: PayPalWebhookCertificates,
    private readonly transmissions: WebhookTransmissions,
    @InjectQueue(QUEUES.paypalWebhooks) private readonly queue: QueueOf<'paypal-webhooks'>,
  ) {
    this.perIp = new RedisLimit(
      redisRateLimiter(
        redis,
        config.redis.keyPrefix,
        'paypal-webhook-ip',
        config.paypal.webhookIpPerMinute,
        60,
      ),
      (wait) => `Too many webhook deliveries from your address. Deliver again in ${wait}.`,
    );
  }

  /** `requestId` (the delivery's X-Request-Id) goes with the job, for the worker's log lines. */
  async receive(delivery: WebhookDelivery, clientIp: string | undefined, requestId?: string): Promise<void> {
    const { webhookId, webhookToleranceMs } = this.config.paypal;
    if (!webhookId || !this.paypal.configured) {
      throw new AppException(ErrorCode.BillingNotConfigured, 'PayPal webhooks are not configured.');
    }
    await this.perIp.admit(clientAddressKey(clientIp));
    const parsed = parseDelivery(delivery, {
      isAllowedCertUrl: (url) => this.certificates.isAllowedUrl(url),
      toleranceMs: webhookToleranceMs,
      now: Date.now(),
    });
    const { transmissionId, transmissionSig } = parsed;
    const earlier = await this.transmissions.earlier(transmissionId, transmissionSig, delivery.rawBody);
    if (earlier === 'same-delivery') return; // accepted already: stored and queued
    if (earlier === 'other-delivery') {
      throw new AppException(
        ErrorCode.WebhookReplayed,
        'A webhook delivery with this transmission id was already received.',
        `transmission ${transmissionId} replayed with another signature or body`,
      );
    }
    const certificate = await this.certificate(parsed.certUrl, parsed.event.id);
    if (!isGenuineWebhookSignature({ ...parsed, webhookId, rawBody: delivery.rawBody }, certificate)) {
      throw invalidSignature('the signature does not match the certificate');
    }
    const { event } = parsed;
    await this.store(event);
    await this.queue.add(
      JOBS.applyPayPalEvent,
      { eventId: event.id, event, requestId },
      applyPayPalEventJobOptions(event.id, this.config.paypal.eventAttempts),
    );
    await this.transmissions.record(transmissionId, transmissionSig, delivery.rawBody);
  }

  /** PayPal's certificate at `url`, or the refusal of the delivery that names it. */
  private async certificate(url: string, eventId: string): Promise<X509Certificate> {
    try {
      return await this.certificates.get(url);
    } catch (error) {
      if (error instanceof WebhookCertificateRefused) throw invalidSignature(error.message);
      if (error instanceof WebhookCertificatesBusy) {
        throw new AppException(
          ErrorCode.ServiceUnavailable,
          'Too many webhook deliveries are being verified; deliver this one again later.',
          undefined,
          { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
        );
      }
      if (!(error instanceof PayPalUnavailableError)) throw error;
      this.logger.warn(`Webhook ${eventId} not verified: ${error.message}`);
      throw new AppException(
        ErrorCode.PaymentProviderUnavailable,
        'PayPal’s signing certificate could not be fetched; deliver the webhook again later.',
        undefined,
        { 'Retry-After': '60' },
      );
    }
  }

  /**
   * Stores the event once; a redelivery finds it stored and is queued again under the same job id.
   * With PostgreSQL unreachable the job that carries the event is the record (see the class).
   */
  private async store(event: PayPalEvent): Promise<void> {
    const em = this.em.fork();
    em.create(WebhookEvent, { ...payPalEventRecord(event), receivedAt: new Date() });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return;
      if (!isDatabaseUnreachable(error)) throw error;
      this.logger.warn(
        `PayPal event ${event.id} queued unstored, PostgreSQL unreachable: ${(error as Error).message}`,
      );
    }
  }
}
