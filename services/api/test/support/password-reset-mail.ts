import type { ReceivedMail, SmtpSink } from '../../../worker/test/support/smtp-sink';
import { until } from '../../../worker/test/support/waiting';
import { bodyOf } from './verification-mail';

/** The password-reset mails the SMTP stand-in received for an address, oldest first. */
export function passwordResetMailsTo(smtp: SmtpSink, email: string): ReceivedMail[] {
  return smtp.mails.filter(
    (m) => m.to.includes(email.toLowerCase()) && m.header('X-FXRates-Password-Reset') !== undefined,
  );
}

/** Waits for the `count`-th password-reset mail to an address, and answers its link's token. */
export async function passwordResetTokenMailed(smtp: SmtpSink, email: string, count = 1): Promise<string> {
  await until(() => passwordResetMailsTo(smtp, email).length >= count);
  const body = bodyOf(passwordResetMailsTo(smtp, email)[count - 1]);
  const token = /\/reset-password#token=([A-Za-z0-9._-]+)/.exec(body)?.[1];
  if (!token) throw new Error(`No password-reset link in:\n${body}`);
  return token;
}

/** The notices that an address's account password changed, oldest first. */
export function passwordChangedMailsTo(smtp: SmtpSink, email: string): ReceivedMail[] {
  return smtp.mails.filter(
    (m) => m.to.includes(email.toLowerCase()) && m.header('X-FXRates-Password-Changed') !== undefined,
  );
}
