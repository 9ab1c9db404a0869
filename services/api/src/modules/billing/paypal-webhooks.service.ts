import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { WebhookEvent } from '@fxrates/db';
import { ErrorCode } from '@fxrates/domain';
import { PayPalClient, payPalEventRecord, PayPalUnavailableError, type PayPalEvent } from '@fxrates/paypal';
import { applyPayPalEventJobOptions, JOBS, QUEUES, type ApplyPayPalEventJob } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import { AppException } from '../../common/app-exception';
import { isDatabaseUnreachable } from '../../common/unavailable-dependency';
import { invalidSignature, parseDelivery, type WebhookDelivery } from './webhook-delivery';

/**
 * A PayPal webhook delivery is verified by PayPal (verify-webhook-signature), stored once by its event
 * id and queued for the worker before we answer 2xx; PayPal redelivers anything we did not accept.
 * While PostgreSQL is down a verified event is queued with its body, which the worker stores once
 * PostgreSQL is back (the sweep re-queues it should its retries run out first): PayPal is not left
 * to redeliver for days an event we could take at once.
 */
@Injectable()
export class PayPalWebhooksService {
  private readonly logger = new Logger(PayPalWebhooksService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly paypal: PayPalClient,
    @InjectQueue(QUEUES.paypalWebhooks) private readonly queue: Queue<ApplyPayPalEventJob>,
  ) {}

  async receive(delivery: WebhookDelivery): Promise<void> {
    const { webhookId } = this.config.paypal;
    if (!webhookId || !this.paypal.configured) {
      throw new AppException(ErrorCode.BillingNotConfigured, 'PayPal webhooks are not configured.');
    }
    const parsed = parseDelivery(delivery);
    let genuine: boolean;
    try {
      genuine = await this.paypal.verifyWebhookSignature({ ...parsed, webhookId, rawBody: delivery.rawBody });
    } catch (error) {
      if (!(error instanceof PayPalUnavailableError)) throw error;
      this.logger.warn(`Webhook ${parsed.event.id} not verified: ${error.message}`);
      throw new AppException(
        ErrorCode.PaymentProviderUnavailable,
        'PayPal could not verify the webhook; deliver it again later.',
        undefined,
        { 'Retry-After': '60' },
      );
    }
    if (!genuine) throw invalidSignature('PayPal did not confirm the signature');
    const { event } = parsed;
    await this.store(event);
    await this.queue.add(
      JOBS.applyPayPalEvent,
      { eventId: event.id, event },
      applyPayPalEventJobOptions(event.id, this.config.paypal.eventAttempts),
    );
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
