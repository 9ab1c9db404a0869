import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { RateAlertFiring, RateAlertsRepository } from '@fxrates/db';
import type { WebhookEventEnvelope } from '@fxrates/domain';
import {
  emailJobOptions,
  JOBS,
  QUEUES,
  rateAlertEmailJobId,
  type QueueOf,
  type SendRateAlertEmailJob,
} from '@fxrates/queues';
import { UnrecoverableError } from 'bullmq';
import type { Transporter } from 'nodemailer';
import { sendAccountMail } from '../email/account-mail';
import { queueAgain } from '../email/queue-again';
import { WebhookEmitter } from '../webhooks';
import { rateAlertEmail } from './rate-alert-email';

/** Firings younger than this may still be on their way (queued just after they were written). */
const UNDELIVERED_GRACE_MS = 2 * 60_000;

/** The `alert.triggered` event of a firing: its id is the firing's, so a re-emit sends it once. */
export function alertTriggeredEvent(firing: RateAlertFiring): WebhookEventEnvelope {
  return {
    id: firing.id,
    type: 'alert.triggered',
    createdAt: firing.firedAt.toISOString(),
    data: {
      alertId: firing.alertId,
      pair: `${firing.base}/${firing.quote}`,
      base: firing.base,
      quote: firing.quote,
      condition: firing.condition,
      level: firing.level,
      changePercent: firing.changePercent,
      windowMinutes: firing.windowMinutes,
      rate: firing.rate,
      previousRate: firing.previousRate,
      triggeredAt: firing.firedAt.toISOString(),
    },
  };
}

/**
 * Delivers rate alert firings: by email through the email queue (job id per firing, sent once; the
 * address must be verified when it goes), or as an `alert.triggered` webhook event to the account's
 * endpoints (event id per firing). A firing whose hand-over failed (Redis down, a crash after the
 * UPDATE) is handed over again by the email sweep (requeueUndelivered).
 */
@Injectable()
export class RateAlertDelivery {
  private readonly logger = new Logger(RateAlertDelivery.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.email) private readonly email: QueueOf<'email'>,
    private readonly webhooks: WebhookEmitter,
  ) {}

  private repository(): RateAlertsRepository {
    return new RateAlertsRepository(this.em.fork());
  }

  private emailOptions(firingId: string) {
    return { ...emailJobOptions(this.config.mail.retryDelayMs), jobId: rateAlertEmailJobId(firingId) };
  }

  /** Hands a firing just written to its channel. */
  async deliver(firing: RateAlertFiring): Promise<void> {
    if (firing.channel === 'email') {
      await this.email.add(JOBS.sendRateAlertEmail, { firingId: firing.id }, this.emailOptions(firing.id));
      return;
    }
    await this.webhooks.emit(alertTriggeredEvent(firing), { userId: firing.userId });
    await this.repository().markEmitted(firing.id);
  }

  /** Hands over again every firing not delivered that has nothing on its way; answers how many. */
  async requeueUndelivered(): Promise<number> {
    const firings = await this.repository().undelivered(new Date(Date.now() - UNDELIVERED_GRACE_MS));
    let requeued = 0;
    for (const firing of firings) {
      if (firing.channel === 'webhook') {
        await this.deliver(firing);
        requeued++;
        continue;
      }
      const data: SendRateAlertEmailJob = { firingId: firing.id };
      if (await queueAgain(this.email, JOBS.sendRateAlertEmail, data, this.emailOptions(firing.id)))
        requeued++;
    }
    if (requeued) this.logger.warn(`Handed over again ${requeued} rate alert firing(s) not yet delivered`);
    return requeued;
  }

  /** Sends a firing's email (the email queue's job); once sent, never again. */
  async send(firingId: string, transport: Transporter): Promise<{ sent: boolean }> {
    const repository = this.repository();
    const firing = await repository.findFiring(firingId);
    if (!firing) throw new UnrecoverableError(`rate alert firing ${firingId} does not exist`);
    if (firing.emailedAt || firing.skippedAt) return { sent: false };
    const recipient = await repository.recipientOf(firing.userId);
    if (!recipient || !recipient.mayEmail) {
      // Unverified since the alert was made (a changed address), or the account was deleted.
      await repository.markSkipped(firing.id);
      this.logger.log(`Rate alert firing ${firing.id} not emailed: the address is not a verified one`);
      return { sent: false };
    }
    const { subject, text } = rateAlertEmail({
      productName: this.config.product.name,
      firstName: recipient.firstName,
      base: firing.base,
      quote: firing.quote,
      condition: firing.condition,
      level: firing.level,
      changePercent: firing.changePercent,
      windowMinutes: firing.windowMinutes,
      rate: firing.rate,
      previousRate: firing.previousRate,
      firedAt: firing.firedAt,
      webUrl: this.config.mail.webUrl,
    });
    await sendAccountMail(transport, this.config.mail.from, {
      kind: 'rate-alert',
      id: firing.id,
      to: recipient.email,
      subject,
      text,
    });
    await repository.markEmailed(firing.id);
    this.logger.log(
      `Rate alert firing ${firing.id} (${firing.base}/${firing.quote}) emailed to user ${firing.userId}`,
    );
    return { sent: true };
  }

  async markFailed(firingId: string, error: Error): Promise<void> {
    await this.repository().markEmailFailed(firingId, error.message);
  }
}
