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

/** The verification mails the SMTP stand-in received for an address, oldest first. */
export function verificationMailsTo(smtp: SmtpSink, email: string): ReceivedMail[] {
  return smtp.mails.filter(
    (m) => m.to.includes(email.toLowerCase()) && m.header('X-FXRates-Email-Verification') !== undefined,
  );
}

/** Waits for the `count`-th verification mail to an address, and answers its link's token. */
export async function verificationTokenMailed(smtp: SmtpSink, email: string, count = 1): Promise<string> {
  await until(() => verificationMailsTo(smtp, email).length >= count);
  const body = bodyOf(verificationMailsTo(smtp, email)[count - 1]);
  const token = /\/dashboard\/verify-email#token=([A-Za-z0-9._-]+)/.exec(body)?.[1];
  if (!token) throw new Error(`No verification link in:\n${body}`);
  return token;
}
