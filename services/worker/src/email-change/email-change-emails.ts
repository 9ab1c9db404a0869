import { plainText } from '../email/plain-text';

/**
 * An address shown to someone who may not own the account: its first letter and its domain
 * (`n***@example.com`), defanged as every user-typed text in our mail is (`n***[at]example[.]com`).
 */
export function maskedAddress(email: string): string {
  // Its first letter is a visible one: no bidi override or zero-width character stands in for it.
  const visible = email.normalize('NFKC').replace(/[\p{Cc}\p{Cf}\s]/gu, '');
  const at = visible.lastIndexOf('@');
  const local = at > 0 ? visible.slice(0, at) : visible;
  const domain = at > 0 ? visible.slice(at + 1) : '';
  return plainText(`${[...local][0] ?? ''}***@${domain}`);
}

interface ProductMail {
  productName: string;
}

export interface EmailChangeLinkInput extends ProductMail {
  /** The link to open: WEB_URL's /confirm-email with the token. */
  link: string;
  validMinutes: number;
}

/**
 * The mail to a new address: the link that proves it. It carries nothing of the account (name, old
 * address): a mistyped address reaches a stranger, who must learn nothing and can do nothing with it.
 */
export function emailChangeLinkEmail(input: EmailChangeLinkInput): { subject: string; text: string } {
  return {
    subject: `Confirm your new email address for ${input.productName}`,
    text: [
      'Hello,',
      '',
      `Someone signed in to an account of ${input.productName} asked to use this email address for it. To confirm that this address is yours, open this link and sign in to that account if asked:`,
      '',
      input.link,
      '',
      `The link works once and for ${input.validMinutes} minutes. Until it is opened, the account keeps its current address.`,
      '',
      'If you did not ask for this, ignore this email: nothing changes.',
      '',
      `— ${input.productName}`,
      '',
    ].join('\n'),
  };
}

export interface AddressTakenInput extends ProductMail {
  signInUrl: string;
  forgotPasswordUrl: string;
}

/**
 * Sent instead of the link when the new address already has an account of its own: its owner learns
 * why no link came, while the API's answer to the request stays the same for every address.
 */
export function addressTakenEmail(input: AddressTakenInput): { subject: string; text: string } {
  return {
    subject: `This email address already has an account at ${input.productName}`,
    text: [
      'Hello,',
      '',
      `Someone signed in to an account of ${input.productName} asked to use this email address for it. This address already has an account of its own, so nothing changed.`,
      '',
      `If it was you, sign in with this address at ${input.signInUrl} (forgot its password? ${input.forgotPasswordUrl}), or choose another address for the other account.`,
      '',
      'If it was not you, ignore this email.',
      '',
      `— ${input.productName}`,
      '',
    ].join('\n'),
  };
}

export interface EmailChangedNoticeInput extends ProductMail {
  /** The new address, masked (maskedAddress). */
  newAddress: string;
  /** When it changed, as the mail shows it (UTC). */
  changedAt: string;
  contactUrl: string;
}

/**
 * The notice to the address an account left: its owner learns of a change they did not make (a
 * stolen session and password) and whom to ask, since "Forgot password?" now mails the new address.
 */
export function emailChangedNotice(input: EmailChangedNoticeInput): { subject: string; text: string } {
  return {
    subject: `Your ${input.productName} email address was changed`,
    text: [
      'Hello,',
      '',
      `The ${input.productName} account of this email address was moved to ${input.newAddress} on ${input.changedAt}. It now signs in with the new address only, and every sign-in of the account was ended.`,
      '',
      'If you made this change, there is nothing to do.',
      '',
      `If you did not, someone else has taken over your account: reply from this address through ${input.contactUrl} and we will help you get it back.`,
      '',
      `— ${input.productName}`,
      '',
    ].join('\n'),
  };
}
