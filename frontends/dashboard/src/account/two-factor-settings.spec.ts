import { ApiError } from '@fxrates/web-kit';
import {
  recoveryCodesFile,
  TWO_FACTOR_SETTINGS_TEXTS,
  twoFactorOnSummary,
  twoFactorRefusal,
} from './two-factor-settings';

const problem = (status: number, code: string, message: string) =>
  new ApiError({
    status,
    code,
    message,
    problem: { type: 'about:blank', title: code, status, code, message },
  });

describe('the two-factor settings', () => {
  it('says since when it is on and how many recovery codes are left', () => {
    const day = (iso: string) => iso.slice(0, 10);
    expect(twoFactorOnSummary('2026-11-29T12:00:00Z', 10, day)).toBe(
      'On since 2026-11-29. 10 recovery codes left.',
    );
    expect(twoFactorOnSummary('2026-11-29T12:00:00Z', 1, day)).toBe(
      'On since 2026-11-29. 1 recovery code left.',
    );
  });

  it('downloads the recovery codes one per line, saying whose they are', () => {
    expect(recoveryCodesFile(['abcde-fghjk', 'mnpqr-stuvw'], 'ada@example.com')).toBe(
      'FXRates Pro recovery codes for ada@example.com\n' +
        'Each code works once, in place of a code from your authenticator app.\n\n' +
        'abcde-fghjk\nmnpqr-stuvw\n',
    );
  });

  it('shows a wrong password or code under its field, in the API words', () => {
    expect(
      twoFactorRefusal(problem(400, 'wrong-current-password', 'Your current password is not correct.')),
    ).toEqual({
      field: 'password',
      message: 'Your current password is not correct.',
    });
    const used = 'This code was used already. Wait for the next code from your authenticator app.';
    expect(twoFactorRefusal(problem(400, 'wrong-two-factor-code', used))).toEqual({
      field: 'code',
      message: used,
    });
  });

  it('shows a throttled attempt above the form, and a fault or no answer as try again', () => {
    const later = 'Too many wrong authentication codes. Try again in 15 minutes.';
    expect(twoFactorRefusal(problem(429, 'too-many-attempts', later))).toEqual({
      field: null,
      message: later,
    });
    expect(twoFactorRefusal(problem(500, 'internal-error', 'Internal error'))).toEqual({
      field: null,
      message: TWO_FACTOR_SETTINGS_TEXTS.failed,
    });
    expect(twoFactorRefusal(new Error('Failed to fetch'))).toEqual({
      field: null,
      message: TWO_FACTOR_SETTINGS_TEXTS.failed,
    });
  });
});
