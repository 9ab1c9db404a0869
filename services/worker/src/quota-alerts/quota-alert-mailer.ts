import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { QuotaAlert, User } from '@fxrates/db';
import { HIGHEST_PLAN, PLANS, plansWithOverrides, type PlanId, type PlanLimits } from '@fxrates/domain';
import {
  emailJobOptions,
  JOBS,
  QUEUES,
  quotaAlertJobId,
  type QueueOf,
  type SendQuotaAlertEmailJob,
} from '@fxrates/queues';
import { UnrecoverableError } from 'bullmq';
import type { Transporter } from 'nodemailer';
import { sendAccountMail } from '../email/account-mail';
import { queueAgain } from '../email/queue-again';
import { quotaAlertEmail } from './quota-alert-email';
import type { NewQuotaAlert } from './quota-alert-detector';

/** Alerts younger than this may still be on their way into the queue (the flush queues after commit). */
const UNSENT_GRACE_MS = 2 * 60_000;

/**
 * Emails the quota alerts the usage flush recorded, through the email queue: queued after the flush
 * commits, retried with backoff while SMTP is down, queued again by the email sweep when the queueing
 * or every attempt failed. An alert recorded as emailed is never sent again; one that a higher
 * threshold of the same month overtook before it could be sent is not sent at all (the higher one is),
 * nor is one whose threshold the user turned off before it went out.
 */
@Injectable()
export class QuotaAlertMailer {
  private readonly logger = new Logger(QuotaAlertMailer.name);
  readonly plans: Record<PlanId, PlanLimits>;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.email) private readonly queue: QueueOf<'email'>,
  ) {
    this.plans = plansWithOverrides(config.usage.planLimits);
  }

  /** Queues the emails of alerts just recorded (a job id per alert: a second add is a no-op). */
  async enqueue(alerts: readonly NewQuotaAlert[]): Promise<void> {
    for (const alert of alerts) {
      await this.queue.add(
        JOBS.sendQuotaAlertEmail,
        { alertId: alert.id },
        { ...emailJobOptions(this.config.mail.retryDelayMs), jobId: quotaAlertJobId(alert) },
      );
    }
  }

  /** Queues again every alert to email that has no job on its way (see EmailProcessor's sweep). */
  async requeueUnsent(): Promise<number> {
    const unsent = await this.em.fork().find(
      QuotaAlert,
      {
        emailedAt: null,
        superseded: false,
        skippedAt: null,
        $or: [
          { emailFailedAt: { $ne: null } },
          { createdAt: { $lt: new Date(Date.now() - UNSENT_GRACE_MS) } },
        ],
      },
      { orderBy: { createdAt: 'asc' }, limit: 1000 },
    );
    let requeued = 0;
    for (const alert of unsent) {
      const data: SendQuotaAlertEmailJob = { alertId: alert.id };
      const options = { ...emailJobOptions(this.config.mail.retryDelayMs), jobId: quotaAlertJobId(alert) };
      if (await queueAgain(this.queue, JOBS.sendQuotaAlertEmail, data, options)) requeued++;
    }
    if (requeued) this.logger.warn(`Queued again ${requeued} quota alert(s) not yet emailed`);
    return requeued;
  }

  async send(alertId: string, transport: Transporter): Promise<{ sent: boolean }> {
    const em = this.em.fork();
    const alert = await em.findOne(QuotaAlert, { id: alertId });
    if (!alert) throw new UnrecoverableError(`quota alert ${alertId} does not exist`);
    if (alert.emailedAt || alert.superseded || alert.skippedAt) return { sent: false };
    const user = await em.findOne(
      User,
      { id: alert.userId },
      { fields: ['email', 'firstName', 'emailVerifiedAt', 'quotaAlertThresholds'] },
    );
    if (!user) throw new UnrecoverableError(`user ${alert.userId} of quota alert ${alertId} does not exist`);
    if (!user.quotaAlertThresholds.includes(alert.threshold)) {
      // Turned off between the flush and now (SMTP down, a queue backlog): the choice at sending wins.
      await em.nativeUpdate(QuotaAlert, { id: alert.id }, { skippedAt: new Date() });
      this.logger.log(
        `Quota alert ${alert.id} not emailed: user ${alert.userId} turned ${alert.threshold}% off`,
      );
      return { sent: false };
    }
    // A skipped higher threshold (turned off, or due while unverified) said nothing: it overtakes nothing.
    const higher = await em.count(QuotaAlert, {
      userId: alert.userId,
      month: alert.month,
      monthlyQuota: alert.monthlyQuota,
      threshold: { $gt: alert.threshold },
      skippedAt: null,
    });
    if (higher > 0) {
      // SMTP was down while the calls went on past a higher threshold: that one's email says it all.
      await em.nativeUpdate(QuotaAlert, { id: alert.id }, { superseded: true });
      return { sent: false };
    }
    if (!user.emailVerifiedAt) {
      // Nobody proved the address is theirs: no mail to it but the verification link.
      await em.nativeUpdate(QuotaAlert, { id: alert.id }, { skippedAt: new Date() });
      this.logger.log(
        `Quota alert ${alert.id} not emailed: user ${alert.userId} has not verified the address`,
      );
      return { sent: false };
    }

    const { subject, text } = quotaAlertEmail({
      productName: this.config.product.name,
      firstName: user.firstName,
      planName: PLANS[alert.plan]?.name ?? alert.plan,
      topPlan: alert.plan === HIGHEST_PLAN,
      threshold: alert.threshold,
      used: Number(alert.used),
      monthlyQuota: alert.monthlyQuota,
      month: alert.month,
      webUrl: this.config.mail.webUrl,
    });
    await sendAccountMail(transport, this.config.mail.from, {
      kind: 'quota-alert',
      id: alert.id,
      to: user.email,
      subject,
      text,
      tag: `${alert.month} ${alert.threshold}%`,
    });
    // As for contact mail: recorded once the server has taken it; the stable Message-ID covers a crash
    // between the 250 and this line.
    await em.nativeUpdate(
      QuotaAlert,
      { id: alert.id },
      { emailedAt: new Date(), emailFailedAt: null, emailError: null },
    );
    this.logger.log(`Quota alert ${alert.threshold}% of ${alert.month} emailed to user ${alert.userId}`);
    return { sent: true };
  }

  /** The last attempt failed: operators see it, and the sweep queues it again. */
  async markFailed(alertId: string, error: Error): Promise<void> {
    await this.em
      .fork()
      .nativeUpdate(
        QuotaAlert,
        { id: alertId },
        { emailFailedAt: new Date(), emailError: error.message.slice(0, 1000) },
      );
  }
}
