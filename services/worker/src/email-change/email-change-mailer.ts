import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { EmailChange, emailChangeLink, emailChangeToken, User } from '@fxrates/db';
import { EMAIL_CHANGE_TTL_MS } from '@fxrates/domain';
import { UnrecoverableError } from 'bullmq';
import type { Transporter } from 'nodemailer';
import { sendAccountMail } from '../email/account-mail';
import {
  addressTakenEmail,
  emailChangedNotice,
  emailChangeLinkEmail,
  maskedAddress,
} from './email-change-emails';

/**
 * The two mails of a change of address: the link to the new address (or, when another
 * account has it, the reason no link comes) and, once the change is made, the notice to the old one.
 */
@Injectable()
export class EmailChangeMailer {
  private readonly logger = new Logger(EmailChangeMailer.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Mails the new address; nothing once the link is used, replaced, expired or mailed. */
  async sendLink(emailChangeId: string, transport: Transporter): Promise<{ sent: boolean }> {
    const em = this.em.fork();
    const change = await this.find(em, emailChangeId);
    if (change.emailedAt || change.usedAt || change.expiresAt.getTime() <= Date.now()) return { sent: false };
    const owner = await em.findOne(
      User,
      { email: change.email, id: { $ne: change.userId } },
      { fields: ['id'] },
    );
    const webUrl = this.config.mail.webUrl;
    const productName = this.config.product.name;
    const { subject, text } = owner
      ? addressTakenEmail({
          productName,
          signInUrl: `${webUrl}/login`,
          forgotPasswordUrl: `${webUrl}/forgot-password`,
        })
      : emailChangeLinkEmail({
          productName,
          link: emailChangeLink(webUrl, emailChangeToken(this.config.auth.jwtSecret, change)),
          validMinutes: Math.round(EMAIL_CHANGE_TTL_MS / 60_000),
        });
    await sendAccountMail(transport, this.config.mail.from, {
      kind: 'email-change',
      id: change.id,
      to: change.email,
      subject,
      text,
    });
    await em.nativeUpdate(EmailChange, { id: change.id }, { emailedAt: new Date() });
    this.logger.log(`Email change ${change.id}: ${owner ? 'address-taken notice' : 'link'} emailed`);
    return { sent: true };
  }

  /** Tells the address an account left that it was changed, when, and to what (masked). */
  async sendNotice(emailChangeId: string, transport: Transporter): Promise<{ sent: boolean }> {
    const change = await this.find(this.em.fork(), emailChangeId);
    if (!change.confirmedAt) throw new UnrecoverableError(`email change ${emailChangeId} was not made`);
    const { subject, text } = emailChangedNotice({
      productName: this.config.product.name,
      newAddress: maskedAddress(change.email),
      changedAt: `${change.confirmedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      contactUrl: `${this.config.mail.webUrl}/contact`,
    });
    await sendAccountMail(transport, this.config.mail.from, {
      kind: 'email-changed',
      id: change.id,
      to: change.previousEmail,
      subject,
      text,
    });
    this.logger.log(`Email change ${change.id}: notice emailed to the previous address`);
    return { sent: true };
  }

  private async find(em: EntityManager, emailChangeId: string): Promise<EmailChange> {
    const change = await em.findOne(EmailChange, { id: emailChangeId });
    if (!change) throw new UnrecoverableError(`email change ${emailChangeId} does not exist`);
    return change;
  }
}
