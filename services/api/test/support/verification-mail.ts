import type { ReceivedMail, SmtpSink } from '../../../worker/test/support/smtp-sink';
import { until } from '../../../worker/test/support/waiting';

/** The plain-text body of a received mail, quoted-printable undone. */
export function bodyOf(mail: ReceivedMail): string {
  return mail.raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\r\n/g, '\n');
}

/** The mails of one kind (our header `header` names it) the SMTP stand-in received for an address, oldest first. */
export function mailsTo(smtp: SmtpSink, email: string, header: string): ReceivedMail[] {
  return smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && m.header(header) !== undefined);
}

/** Waits for the `count`-th mail of one kind to an address, and answers the token of its link to `page`. */
export async function linkTokenMailed(
  smtp: SmtpSink,
  email: string,
  header: string,
  page: string,
  count = 1,
): Promise<string> {
  await until(() => mailsTo(smtp, email, header).length >= count);
  const body = bodyOf(mailsTo(smtp, email, header)[count - 1]);
  const token = new RegExp(`${page}#token=([A-Za-z0-9._-]+)`).exec(body)?.[1];
  if (!token) throw new Error(`No ${page} link in:\n${body}`);
  return token;
}

/** The verification mails the SMTP stand-in received for an address, oldest first. */
export function verificationMailsTo(smtp: SmtpSink, email: string): ReceivedMail[] {
  return mailsTo(smtp, email, 'X-FXRates-Email-Verification');
}

/** Waits for the `count`-th verification mail to an address, and answers its link's token. */
export function verificationTokenMailed(smtp: SmtpSink, email: string, count = 1): Promise<string> {
  return linkTokenMailed(smtp, email, 'X-FXRates-Email-Verification', '/dashboard/verify-email', count);
}
