import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { User } from '@fxrates/db';
import type { SendPasswordChangedEmailJob } from '@fxrates/queues';
import type { Transporter } from 'nodemailer';
import { sendAccountMail } from '../email/account-mail';
import { passwordChangedEmail } from './password-changed-email';

/**
 * Tells an account's address that its password changed (a reset or the account page), when the
 * address is proved its owner's: nobody proved an unverified one, so it gets no mail but the
 * verification link. A reset proves the mailbox and marks it verified first.
 */
@Injectable()
export class PasswordChangedMailer {
  private readonly logger = new Logger(PasswordChangedMailer.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(
    { userId, changedAt }: SendPasswordChangedEmailJob,
    transport: Transporter,
  ): Promise<{ sent: boolean }> {
    const user = await this.em
      .fork()
      .findOne(User, { id: userId }, { fields: ['id', 'email', 'emailVerifiedAt'] });
    if (!user) return { sent: false };
    if (!user.emailVerifiedAt) {
      this.logger.debug(`Password-change notice of user ${user.id} not emailed: the address is not verified`);
      return { sent: false };
    }
    const at = new Date(changedAt);
    const { subject, text } = passwordChangedEmail({
      productName: this.config.product.name,
      changedAt: `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      forgotPasswordUrl: `${this.config.mail.webUrl}/forgot-password`,
    });
    await sendAccountMail(transport, this.config.mail.from, {
      kind: 'password-changed',
      id: `${user.id}-${at.getTime()}`,
      to: user.email,
      subject,
      text,
      tag: user.id,
    });
    this.logger.log(`Password-change notice emailed to user ${user.id}`);
    return { sent: true };
  }
}
