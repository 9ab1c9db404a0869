import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { EmailVerification, emailVerificationLink, emailVerificationToken, User } from '@fxrates/db';
import { UnrecoverableError } from 'bullmq';
import type { Transporter } from 'nodemailer';
import { sendAccountMail } from '../email/account-mail';
import { verificationEmail } from './verification-email';

/**
 * Emails a verification link the API stored (sign-up, or a resend from the dashboard), to the address
 * it was made for. A link already used or expired, or an account verified meanwhile, gets no email.
 * No sweep: a link whose email never went out is replaced by the dashboard's "Resend".
 */
@Injectable()
export class VerificationMailer {
  private readonly logger = new Logger(VerificationMailer.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(verificationId: string, transport: Transporter): Promise<{ sent: boolean }> {
    const em = this.em.fork();
    const link = await em.findOne(EmailVerification, { id: verificationId });
    if (!link) throw new UnrecoverableError(`email verification ${verificationId} does not exist`);
    if (link.emailedAt || link.usedAt || link.expiresAt.getTime() <= Date.now()) return { sent: false };
    const user = await em.findOne(User, { id: link.userId }, { fields: ['email', 'emailVerifiedAt'] });
    if (!user || user.emailVerifiedAt || user.email.toLowerCase() !== link.email.toLowerCase()) {
      return { sent: false };
    }
    const token = emailVerificationToken(this.config.auth.jwtSecret, link.id, link.email);
    const { subject, text } = verificationEmail({
      productName: this.config.product.name,
      link: emailVerificationLink(this.config.mail.webUrl, token),
      validHours: Math.round(this.config.auth.emailVerificationTtlMs / 3_600_000),
    });
    await sendAccountMail(transport, this.config.mail.from, {
      kind: 'email-verification',
      id: link.id,
      to: link.email,
      subject,
      text,
    });
    await em.nativeUpdate(EmailVerification, { id: link.id }, { emailedAt: new Date() });
    this.logger.log(`Verification link ${link.id} emailed to user ${link.userId}`);
    return { sent: true };
  }
}
