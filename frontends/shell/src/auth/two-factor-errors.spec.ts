import { ApiError } from '@fxrates/web-kit';
import { TWO_FACTOR_STEP_FAILED, twoFactorStepError } from './two-factor-errors';

const problem = (status: number, code: string, message: string) =>
  new ApiError({
    status,
    code,
    message,
    problem: { type: 'about:blank', title: code, status, code, message },
  });

describe('twoFactorStepError', () => {
  it('shows a wrong or throttled code in the API words and stays on the code step', () => {
    const used = 'This code was used already. Wait for the next code from your authenticator app.';
    expect(twoFactorStepError(problem(400, 'wrong-two-factor-code', used))).toEqual({
      message: used,
      restart: false,
    });
    const later = 'Too many wrong authentication codes. Try again in 15 minutes.';
    expect(twoFactorStepError(problem(429, 'too-many-attempts', later))).toEqual({
      message: later,
      restart: false,
    });
  });

  it('sends an ended challenge back to the password', () => {
    const ended = 'This sign-in has expired or was already completed. Sign in again with your password.';
    expect(twoFactorStepError(problem(401, 'two-factor-challenge-invalid', ended))).toEqual({
      message: ended,
      restart: true,
    });
  });

  it('asks to try again when no answer came', () => {
    expect(twoFactorStepError(new Error('Failed to fetch'))).toEqual({
      message: TWO_FACTOR_STEP_FAILED,
      restart: false,
    });
  });
});
