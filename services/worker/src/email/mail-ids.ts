/** Every kind of mail we send. */
export type MailKind =
  | 'contact'
  | 'quota-alert'
  | 'rate-alert'
  | 'email-verification'
  | 'password-reset'
  | 'password-changed'
  | 'email-change'
  | 'email-changed'
  | 'account-deleted'
  | 'webhook-disabled';

/** The domain of the sender address (MAIL_FROM), for Message-IDs of our own. */
function senderDomain(from: string): string {
  return /@([^>\s]+)>?$/.exec(from)?.[1] ?? 'fxrates.example';
}

/**
 * The Message-ID of one stored email (`kind` and row id): the same on every attempt, so a resend
 * after a crash between the server's 250 and our record is a duplicate the inbox can drop.
 */
export function stableMessageId(kind: MailKind, id: string, from: string): string {
  return `<${kind}-${id}@${senderDomain(from)}>`;
}
