export interface AccountDeletedEmailInput {
  productName: string;
  /** When the account was deleted, as the mail shows it (UTC). */
  deletedAt: string;
  /** Where to write if the owner did not delete it: the support address. */
  supportEmail: string;
}

/**
 * The confirmation that an account was deleted: what happened to the data, and whom to
 * tell if its owner did not do it (the deletion needed the password, so someone else has it).
 */
export function accountDeletedEmail(input: AccountDeletedEmailInput): { subject: string; text: string } {
  return {
    subject: `Your ${input.productName} account was deleted`,
    text: [
      'Hello,',
      '',
      `The ${input.productName} account of this email address was deleted on ${input.deletedAt}, as asked from its Account Settings.`,
      '',
      'Its subscription was cancelled at PayPal, its API keys no longer work and every sign-in was ended. Your profile, keys, usage, sessions and messages were erased. The record of your payments (dates, plans, amounts and PayPal transaction ids) is kept, without your name or address, as accounting law requires.',
      '',
      'You can sign up again with this address at any time; it will be a new account.',
      '',
      `If you did not delete your account, someone else knew your password: write to ${input.supportEmail} and change that password wherever else you use it.`,
      '',
      `— ${input.productName}`,
      '',
    ].join('\n'),
  };
}
