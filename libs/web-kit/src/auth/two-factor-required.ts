import type { TwoFactorChallenge } from '@fxrates/domain';

/**
 * Thrown by `login` when the password was right and the account has two-factor on: the sign-in
 * goes on with `completeTwoFactorLogin(challenge, { code })`.
 */
export class TwoFactorRequired extends Error {
  readonly challenge: string;
  /** Seconds the challenge stays valid. */
  readonly expiresIn: number;

  constructor({ challenge, expiresIn }: TwoFactorChallenge) {
    super('Enter the code from your authenticator app to finish signing in.');
    this.name = 'TwoFactorRequired';
    this.challenge = challenge;
    this.expiresIn = expiresIn;
  }
}

export function isTwoFactorRequired(error: unknown): error is TwoFactorRequired {
  return error instanceof TwoFactorRequired;
}
