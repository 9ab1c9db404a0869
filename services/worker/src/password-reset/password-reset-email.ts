export interface PasswordResetEmailInput {
  productName: string;
  /** The link to open: WEB_URL's /reset-password with the token. */
  link: string;
  validMinutes: number;
}

/**
 * The email of "Forgot password?". It carries nothing of the account but the link: whoever asked
 * for it may not own the address, and must learn nothing from it.
 */
export function passwordResetEmail(input: PasswordResetEmailInput): { subject: string; text: string } {
  return {
    subject: `Reset your ${input.productName} password`,
    text: [
      'Hello,',
      '',
      `Someone asked to reset the password of the ${input.productName} account of this email address. To choose a new password, open this link:`,
      '',
      input.link,
      '',
      `The link works once and for ${input.validMinutes} minutes. Setting a new password signs the account out everywhere.`,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
      '',
      `— ${input.productName}`,
      '',
    ].join('\n'),
  };
}
