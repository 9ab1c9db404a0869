import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { PasswordReset, passwordResetLink, passwordResetToken, User } from '@fxrates/db';
import { PASSWORD_RESET_TTL_MS } from '@fxrates/domain';
import type { Transporter } from 'nodemailer';
import { sendAccountMail } from '../email/account-mail';
import { passwordResetEmail } from './password-reset-email';

/**
 * Mails a password-reset link to an address someone asked one for (the API queues every request
 * alike): when an account has the address, a link is stored and mailed; otherwise nothing happens.
 * A retried attempt (SMTP down) mails the link its first attempt stored, not another one.
 */
@Injectable()
export class PasswordResetMailer {
  private readonly logger = new Logger(PasswordResetMailer.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(email: string, transport: Transporter): Promise<{ sent: boolean }> {
    const em = this.em.fork();
    const user = await em.findOne(User, { email }, { fields: ['id', 'email'] });
    if (!user) return { sent: false };
    const now = new Date();
    const link =
      (await em.findOne(
        PasswordReset,
        { userId: user.id, email: user.email, emailedAt: null, usedAt: null, expiresAt: { $gt: now } },
        { orderBy: { createdAt: 'desc' } },
      )) ??
      em.create(PasswordReset, {
        userId: user.id,
        email: user.email,
        createdAt: now,
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
      });
    await em.flush();
    const token = passwordResetToken(this.config.auth.jwtSecret, link.id, link.email);
    const url = passwordResetLink(this.config.mail.webUrl, token);
    if (this.config.nodeEnv === 'development') {
      this.logger.log(`Password-reset link for user ${user.id} (development only): ${url}`);
    }
    const { subject, text } = passwordResetEmail({
      productName: this.config.product.name,
      link: url,
      validMinutes: Math.round(PASSWORD_RESET_TTL_MS / 60_000),
    });
    await sendAccountMail(transport, this.config.mail.from, {
      kind: 'password-reset',
      id: link.id,
      to: link.email,
      subject,
      text,
    });
    await em.nativeUpdate(PasswordReset, { id: link.id }, { emailedAt: new Date() });
    this.logger.log(`Password-reset link ${link.id} emailed to user ${user.id}`);
    return { sent: true };
  }
}
