import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import type { SendAccountDeletedEmailJob } from '@fxrates/queues';
import { createHash } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import { sendAccountMail } from '../email/account-mail';
import { accountDeletedEmail } from './account-deleted-email';

/**
 * Tells the address a deleted account had that it was deleted. The account no longer holds the
 * address (it was erased), so the job carries it; the API queues it only for a verified address.
 */
@Injectable()
export class AccountDeletedMailer {
  private readonly logger = new Logger(AccountDeletedMailer.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async send(
    { email, deletedAt }: SendAccountDeletedEmailJob,
    transport: Transporter,
  ): Promise<{ sent: boolean }> {
    const at = new Date(deletedAt);
    const { subject, text } = accountDeletedEmail({
      productName: this.config.product.name,
      deletedAt: `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      supportEmail: this.config.product.supportEmail,
    });
    await sendAccountMail(transport, this.config.mail.from, {
      kind: 'account-deleted',
      // The same on a retry; the address stays out of the header.
      id: `${at.getTime()}-${createHash('sha256').update(email).digest('hex').slice(0, 16)}`,
      to: email,
      subject,
      text,
      tag: 'true',
    });
    this.logger.log('Account deletion confirmed by email');
    return { sent: true };
  }
}
