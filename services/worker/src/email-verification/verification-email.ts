export interface VerificationEmailInput {
  productName: string;
  /** The link to open: WEB_URL's /dashboard/verify-email with the token. */
  link: string;
  validHours: number;
}

/**
 * The one email an unproved address gets. It carries no text of the user's (no name, no company):
 * whoever signed up may not own the address, and must not be able to write to its owner through us.
 */
export function verificationEmail(input: VerificationEmailInput): { subject: string; text: string } {
  return {
    subject: `Verify your email address for ${input.productName}`,
    text: [
      'Hello,',
      '',
      `An account of ${input.productName} was created with this email address. To confirm it is yours, open this link and sign in if asked:`,
      '',
      input.link,
      '',
      `The link works once and for ${input.validHours} hours; your dashboard can send a new one. Until the address is verified, the account creates no API keys and gets no other email from us.`,
      '',
      'If you did not create this account, ignore this email: without the link, the address stays unverified.',
      '',
      `— ${input.productName}`,
      '',
    ].join('\n'),
  };
}
