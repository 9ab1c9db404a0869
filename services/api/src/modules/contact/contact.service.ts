import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ContactMessage } from '@fxrates/db';
import { emailJobOptions, JOBS, QUEUES, type QueueOf } from '@fxrates/queues';
import { ContactLimits } from './contact-limits';
import type { ContactBody } from './dto/contact.body';
import { RecaptchaVerifier } from './recaptcha.verifier';

/**
 * A contact message is stored first, then handed to the worker's email queue under its own id, so
 * it is never lost (an enqueue that fails is retried by the worker's sweep of unsent messages) and
 * never queued twice.
 */
@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly recaptcha: RecaptchaVerifier,
    private readonly limits: ContactLimits,
    @InjectQueue(QUEUES.email) private readonly email: QueueOf<'email'>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Stores and queues a message; `requestId` (the request's X-Request-Id) goes with its job, for the logs. */
  async receive(body: ContactBody, remoteIp: string, requestId?: string): Promise<string> {
    await this.limits.admitIp(remoteIp);
    await this.recaptcha.verify(body.recaptchaToken, remoteIp);
    await this.limits.admitAddress(body.email);
    const em = this.em.fork();
    const message = em.create(ContactMessage, {
      name: body.name,
      email: body.email,
      subject: body.subject,
      message: body.message,
      createdAt: new Date(),
    });
    await em.flush();
    try {
      await this.email.add(
        JOBS.sendContactEmail,
        { messageId: message.id, requestId },
        { ...emailJobOptions(this.config.mail.retryDelayMs), jobId: message.id },
      );
    } catch (error) {
      this.logger.error(`Contact message ${message.id} stored but not queued: ${(error as Error).message}`);
    }
    return message.id;
  }
}
