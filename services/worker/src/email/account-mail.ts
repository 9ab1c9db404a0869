import type { Transporter } from 'nodemailer';
import { stableMessageId, type MailKind } from './mail-ids';

/** One mail to a customer about their account: what it is, which stored row it is about, its text. */
export interface AccountMail {
  kind: Exclude<MailKind, 'contact'>;
  /** The row it is about: its Message-ID is built from it, so every retry sends the same one. */
  id: string;
  to: string;
  subject: string;
  text: string;
  /** The X-FXRates-<Kind> header's value, when it says more than the row id (a quota alert's month). */
  tag?: string;
}

/** "quota-alert" → "X-FXRates-Quota-Alert": the header support and tests find a kind of mail by. */
export function accountMailHeader(kind: AccountMail['kind']): string {
  const words = kind.split('-').map((word) => word[0].toUpperCase() + word.slice(1));
  return `X-FXRates-${words.join('-')}`;
}

/** Sends an account mail from MAIL_FROM with its stable Message-ID and its kind's header. */
export async function sendAccountMail(
  transport: Transporter,
  from: string,
  mail: AccountMail,
): Promise<void> {
  await transport.sendMail({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    messageId: stableMessageId(mail.kind, mail.id, from),
    headers: { [accountMailHeader(mail.kind)]: mail.tag ?? mail.id },
  });
}
