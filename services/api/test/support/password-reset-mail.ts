import type { ReceivedMail, SmtpSink } from '../../../worker/test/support/smtp-sink';
import { linkTokenMailed, mailsTo } from './verification-mail';

/** The password-reset mails the SMTP stand-in received for an address, oldest first. */
export function passwordResetMailsTo(smtp: SmtpSink, email: string): ReceivedMail[] {
  return mailsTo(smtp, email, 'X-FXRates-Password-Reset');
}

/** Waits for the `count`-th password-reset mail to an address, and answers its link's token. */
export function passwordResetTokenMailed(smtp: SmtpSink, email: string, count = 1): Promise<string> {
  return linkTokenMailed(smtp, email, 'X-FXRates-Password-Reset', '/reset-password', count);
}

/** The notices that an address's account password changed, oldest first. */
export function passwordChangedMailsTo(smtp: SmtpSink, email: string): ReceivedMail[] {
  return mailsTo(smtp, email, 'X-FXRates-Password-Changed');
}
