import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { User, WebhooksRepository } from '@fxrates/db';
import {
  emailJobOptions,
  JOBS,
  QUEUES,
  webhookDisabledJobId,
  type QueueOf,
  type SendWebhookDisabledEmailJob,
} from '@fxrates/queues';
import type { Transporter } from 'nodemailer';
import { sendAccountMail } from '../email/account-mail';
import { webhookDisabledEmail } from './webhook-disabled-email';

/**
 * Emails an account that the worker disabled one of its webhook endpoints: the endpoint row records
 * the disabling (and the notice once sent), the email queue retries while SMTP is down.
 */
@Injectable()
export class WebhookDisabledMailer {
  private readonly logger = new Logger(WebhookDisabledMailer.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.email) private readonly queue: QueueOf<'email'>,
  ) {}

  async enqueue(endpointId: string, disabledAt: Date): Promise<void> {
    const data: SendWebhookDisabledEmailJob = { endpointId, disabledAt: disabledAt.toISOString() };
    await this.queue.add(JOBS.sendWebhookDisabledEmail, data, {
      ...emailJobOptions(this.config.mail.retryDelayMs),
      jobId: webhookDisabledJobId(endpointId, data.disabledAt),
    });
  }

  async send(job: SendWebhookDisabledEmailJob, transport: Transporter): Promise<{ sent: boolean }> {
    const em = this.em.fork();
    const webhooks = new WebhooksRepository(em);
    const endpoint = await webhooks.withSecret(job.endpointId);
    // Deleted, enabled again, or already told: nothing to say.
    if (!endpoint || endpoint.status !== 'disabled' || endpoint.disabledNoticeEmailedAt)
      return { sent: false };
    const user = await em.findOne(User, { id: endpoint.userId }, { fields: ['email', 'firstName'] });
    if (!user) return { sent: false };
    const { subject, text } = webhookDisabledEmail({
      productName: this.config.product.name,
      firstName: user.firstName,
      url: endpoint.url,
      failedDeliveries: this.config.webhooks.disableAfterFailedDeliveries,
      disabledAt: `${job.disabledAt.slice(0, 16).replace('T', ' ')} UTC`,
      webUrl: this.config.mail.webUrl,
    });
    await sendAccountMail(transport, this.config.mail.from, {
      kind: 'webhook-disabled',
      id: `${endpoint.id}.${Date.parse(job.disabledAt)}`,
      to: user.email,
      subject,
      text,
      tag: endpoint.id,
    });
    await webhooks.disabledNoticeEmailed(endpoint.id);
    this.logger.log(`Webhook endpoint ${endpoint.id} disabled: owner ${endpoint.userId} emailed`);
    return { sent: true };
  }
}
