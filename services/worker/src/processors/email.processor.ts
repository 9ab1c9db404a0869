import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue, OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ContactMessage } from '@fxrates/db';
import {
  emailJobOptions,
  JOBS,
  QUEUES,
  type EmailChangeJob,
  type QueueOf,
  type SendAccountDeletedEmailJob,
  type SendContactEmailJob,
  type SendPasswordChangedEmailJob,
  type SendPasswordResetEmailJob,
  type SendQuotaAlertEmailJob,
  type SendRateAlertEmailJob,
  type SendVerificationEmailJob,
  type SendWebhookDisabledEmailJob,
} from '@fxrates/queues';
import { UnrecoverableError, type Job } from 'bullmq';
import { createTransport, type Transporter } from 'nodemailer';
import { stableMessageId } from '../email/mail-ids';
import { plainText } from '../email/plain-text';
import { queueAgain } from '../email/queue-again';
import { AccountDeletedMailer } from '../account-deletion/account-deleted-mailer';
import { EmailChangeMailer } from '../email-change/email-change-mailer';
import { VerificationMailer } from '../email-verification/verification-mailer';
import { PasswordChangedMailer } from '../password-reset/password-changed-mailer';
import { PasswordResetMailer } from '../password-reset/password-reset-mailer';
import { JobHandler } from '../jobs/job-handler';
import { JobProcessor } from '../jobs/job-processor';
import { QuotaAlertMailer } from '../quota-alerts/quota-alert-mailer';
import { WebhookDisabledMailer } from '../webhooks/webhook-disabled-mailer';
import { RateAlertDelivery } from '../rate-alerts';

/** Messages younger than this may still be on their way into the queue. */
const UNSENT_GRACE_MS = 2 * 60_000;

/**
 * Sends stored contact messages to the support inbox, reply-to the sender, the users' quota alerts
 * (QuotaAlertMailer), verification links (VerificationMailer), password-reset links
 * (PasswordResetMailer), password-change notices (PasswordChangedMailer), the mails of a
 * change of address (EmailChangeMailer) and the confirmation of a deleted account (AccountDeletedMailer). Retries with
 * exponential backoff while SMTP is down; a message whose last attempt failed is marked for
 * operators and queued again by the sweep until it is sent. A message recorded as sent is never
 * sent again; one whose SMTP transaction a crash cut before the server's 250 was not delivered.
 */
@Processor(QUEUES.email, { concurrency: 2 })
export class EmailProcessor extends JobProcessor implements OnModuleDestroy {
  private readonly logger = new Logger(EmailProcessor.name);
  private readonly transport: Transporter;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.email) private readonly queue: QueueOf<'email'>,
    private readonly quotaAlerts: QuotaAlertMailer,
    private readonly verifications: VerificationMailer,
    private readonly passwordResets: PasswordResetMailer,
    private readonly passwordChanges: PasswordChangedMailer,
    private readonly emailChanges: EmailChangeMailer,
    private readonly accountDeletions: AccountDeletedMailer,
    private readonly rateAlerts: RateAlertDelivery,
    private readonly webhookDisabled: WebhookDisabledMailer,
  ) {
    super();
    // Timeouts as URL options: an unreachable server fails an attempt in seconds, not minutes.
    const url = new URL(config.mail.smtpUrl);
    url.searchParams.set('connectionTimeout', '10000');
    url.searchParams.set('socketTimeout', '30000');
    this.transport = createTransport(url.toString());
  }

  onModuleDestroy(): void {
    this.transport.close();
  }

  @JobHandler(JOBS.sendContactEmail)
  sendContactEmail(job: Job<SendContactEmailJob>): Promise<{ sent: boolean }> {
    return this.send(job.data.messageId);
  }

  @JobHandler(JOBS.sendQuotaAlertEmail)
  sendQuotaAlertEmail(job: Job<SendQuotaAlertEmailJob>): Promise<{ sent: boolean }> {
    return this.quotaAlerts.send(job.data.alertId, this.transport);
  }

  @JobHandler(JOBS.sendRateAlertEmail)
  sendRateAlertEmail(job: Job<SendRateAlertEmailJob>): Promise<{ sent: boolean }> {
    return this.rateAlerts.send(job.data.firingId, this.transport);
  }

  @JobHandler(JOBS.sendVerificationEmail)
  sendVerificationEmail(job: Job<SendVerificationEmailJob>): Promise<{ sent: boolean }> {
    return this.verifications.send(job.data.verificationId, this.transport);
  }

  @JobHandler(JOBS.sendPasswordResetEmail)
  sendPasswordResetEmail(job: Job<SendPasswordResetEmailJob>): Promise<{ sent: boolean }> {
    return this.passwordResets.send(job.data.email, this.transport);
  }

  @JobHandler(JOBS.sendPasswordChangedEmail)
  sendPasswordChangedEmail(job: Job<SendPasswordChangedEmailJob>): Promise<{ sent: boolean }> {
    return this.passwordChanges.send(job.data, this.transport);
  }

  @JobHandler(JOBS.sendEmailChangeLink)
  sendEmailChangeLink(job: Job<EmailChangeJob>): Promise<{ sent: boolean }> {
    return this.emailChanges.sendLink(job.data.emailChangeId, this.transport);
  }

  @JobHandler(JOBS.sendEmailChangedNotice)
  sendEmailChangedNotice(job: Job<EmailChangeJob>): Promise<{ sent: boolean }> {
    return this.emailChanges.sendNotice(job.data.emailChangeId, this.transport);
  }

  @JobHandler(JOBS.sendAccountDeletedEmail)
  sendAccountDeletedEmail(job: Job<SendAccountDeletedEmailJob>): Promise<{ sent: boolean }> {
    return this.accountDeletions.send(job.data, this.transport);
  }

  @JobHandler(JOBS.sendWebhookDisabledEmail)
  sendWebhookDisabledEmail(job: Job<SendWebhookDisabledEmailJob>): Promise<{ sent: boolean }> {
    return this.webhookDisabled.send(job.data, this.transport);
  }

  @JobHandler(JOBS.requeueUnsentEmail)
  async requeueUnsentEmail(): Promise<{ requeued: number }> {
    return {
      requeued:
        (await this.requeueUnsent()) +
        (await this.quotaAlerts.requeueUnsent()) +
        (await this.rateAlerts.requeueUndelivered()),
    };
  }

  /**
   * Queues again every stored message not yet emailed: one the API stored but could not queue (older
   * than the grace, so not one still on its way), and one whose job used up its attempts while SMTP
   * was down (that job is retried from its first attempt). The job id is the message id, so a
   * message with a job waiting, delayed or running is left alone and none is queued twice.
   */
  private async requeueUnsent(): Promise<number> {
    const unsent = await this.em.fork().find(
      ContactMessage,
      {
        emailedAt: null,
        $or: [
          { emailFailedAt: { $ne: null } },
          { createdAt: { $lt: new Date(Date.now() - UNSENT_GRACE_MS) } },
        ],
      },
      { fields: ['id'], orderBy: { createdAt: 'asc' }, limit: 1000 },
    );
    let requeued = 0;
    for (const { id } of unsent) {
      const options = { ...emailJobOptions(this.config.mail.retryDelayMs), jobId: id };
      if (await queueAgain(this.queue, JOBS.sendContactEmail, { messageId: id }, options)) requeued++;
    }
    if (requeued) this.logger.warn(`Queued again ${requeued} stored contact message(s) not yet emailed`);
    return requeued;
  }

  private async send(messageId: string): Promise<{ sent: boolean }> {
    const em = this.em.fork();
    const message = await em.findOne(ContactMessage, { id: messageId });
    if (!message) throw new UnrecoverableError(`contact message ${messageId} does not exist`);
    if (message.emailedAt) return { sent: false };

    // The sender's words go in the body only, as plain text that links nothing (plainText); the
    // subject and headers carry none of them. The reply-to address was validated as an address.
    await this.transport.sendMail({
      from: this.config.mail.from,
      to: this.config.mail.inbox,
      replyTo: message.email,
      subject: `[Contact] Message ${message.id}`,
      text: [
        `From:    ${plainText(message.name)} <${plainText(message.email)}>`,
        `Subject: ${plainText(message.subject)}`,
        `Sent:    ${message.createdAt.toISOString()}`,
        '',
        plainText(message.message, { multiline: true }),
        '',
        '(Links and addresses in the message are shown defanged: "example[.]com". Reply to answer the sender.)',
        '',
      ].join('\n'),
      messageId: stableMessageId('contact', message.id, this.config.mail.from),
      headers: { 'X-FXRates-Contact-Id': message.id },
    });
    // Recorded the moment the server has taken it: a crash between its 250 and this line is the
    // one window SMTP cannot close, and the stable Message-ID lets the inbox drop that duplicate.
    await em.nativeUpdate(
      ContactMessage,
      { id: message.id },
      { emailedAt: new Date(), emailFailedAt: null, emailError: null },
    );
    this.logger.log(`Contact message ${message.id} emailed to support`);
    return { sent: true };
  }

  @OnWorkerEvent('failed')
  async onFailed(job: Job | undefined, error: Error): Promise<void> {
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1);
    if (job.name === JOBS.sendQuotaAlertEmail) {
      const { alertId } = job.data as SendQuotaAlertEmailJob;
      this.logger.warn(
        `Quota alert ${alertId}: attempt ${job.attemptsMade} failed (${error.message})${final ? '; giving up' : ''}`,
      );
      if (final) await this.quotaAlerts.markFailed(alertId, error);
      return;
    }
    if (job.name === JOBS.sendRateAlertEmail) {
      const { firingId } = job.data as SendRateAlertEmailJob;
      this.logger.warn(
        `Rate alert firing ${firingId}: attempt ${job.attemptsMade} failed (${error.message})${final ? '; giving up' : ''}`,
      );
      if (final) await this.rateAlerts.markFailed(firingId, error);
      return;
    }
    if (job.name !== JOBS.sendContactEmail) return;
    const { messageId } = job.data as SendContactEmailJob;
    this.logger.warn(
      `Contact message ${messageId}: attempt ${job.attemptsMade} failed (${error.message})${final ? '; giving up' : ''}`,
    );
    if (final) {
      await this.em
        .fork()
        .nativeUpdate(
          ContactMessage,
          { id: messageId },
          { emailFailedAt: new Date(), emailError: error.message.slice(0, 1000) },
        );
    }
  }
}
