import { Injectable } from '@nestjs/common';

/**
 * The second factor an account action that cannot be undone asks for, besides the password (issue 32
 * §8, deleting the account). Two-factor sign-in is provided elsewhere: its module binds its own
 * implementation to this token (`{ provide: SecondFactorGate, useExisting: … }`), which must throw
 * 400 `second-factor-required` when the account has it on and no code came, and 400
 * `second-factor-invalid` for a wrong code (under its own attempt limit).
 */
export abstract class SecondFactorGate {
  /** Whether the account must give a code (the dashboard shows the field then). */
  abstract isRequired(userId: string): Promise<boolean>;
  /** Resolves when the account needs no second factor, or `code` is valid for it now; else throws. */
  abstract assert(userId: string, code: string | undefined): Promise<void>;
}

/** Where two-factor sign-in does not exist (yet): no account has a second factor, so none is asked. */
@Injectable()
export class NoSecondFactor extends SecondFactorGate {
  isRequired(): Promise<boolean> {
    return Promise.resolve(false);
  }

  assert(): Promise<void> {
    return Promise.resolve();
  }
}
