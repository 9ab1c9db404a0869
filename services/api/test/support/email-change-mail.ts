import type { ReceivedMail, SmtpSink } from '../../../worker/test/support/smtp-sink';
import { linkTokenMailed, mailsTo } from './verification-mail';

/** The mails of email changes (a link, or why none comes) the SMTP stand-in received for an address. */
export function emailChangeMailsTo(smtp: SmtpSink, email: string): ReceivedMail[] {
  return mailsTo(smtp, email, 'X-FXRates-Email-Change');
}

/** Waits for the `count`-th email-change mail to an address, and answers its link's token. */
export function emailChangeTokenMailed(smtp: SmtpSink, email: string, count = 1): Promise<string> {
  return linkTokenMailed(smtp, email, 'X-FXRates-Email-Change', '/confirm-email', count);
}

/** The notices that an account left an address (sent to that address), oldest first. */
export function emailChangedNoticesTo(smtp: SmtpSink, email: string): ReceivedMail[] {
  return mailsTo(smtp, email, 'X-FXRates-Email-Changed');
}
