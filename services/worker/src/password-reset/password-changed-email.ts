export interface PasswordChangedEmailInput {
  productName: string;
  /** When the password changed, as the mail shows it (UTC). */
  changedAt: string;
  /** Where to ask for a reset link: WEB_URL's /forgot-password. */
  forgotPasswordUrl: string;
}

/**
 * The notice that an account's password changed: its owner learns of a change they did not make
 * (a stolen session, a mailbox read by someone else) and how to take the account back.
 */
export function passwordChangedEmail(input: PasswordChangedEmailInput): { subject: string; text: string } {
  return {
    subject: `Your ${input.productName} password was changed`,
    text: [
      'Hello,',
      '',
      `The password of the ${input.productName} account of this email address was changed on ${input.changedAt}. Every other sign-in of the account was ended.`,
      '',
      'If you made this change, there is nothing to do.',
      '',
      `If you did not, someone else can sign in to your account: set a new password now from "Forgot password?" at ${input.forgotPasswordUrl}, then check your API keys and plan.`,
      '',
      `— ${input.productName}`,
      '',
    ].join('\n'),
  };
}
