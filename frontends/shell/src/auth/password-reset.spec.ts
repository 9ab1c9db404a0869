import { ErrorCode } from '@fxrates/domain';
import { ApiError } from '@fxrates/web-kit';
import {
  emailOfForgotPasswordState,
  forgotPasswordError,
  forgotPasswordState,
  isPasswordChangedState,
  PASSWORD_CHANGED_STATE,
  PASSWORD_RESET_TEXTS,
  resetRefusalOf,
  resetTokenOf,
} from './password-reset';

/** A refusal as the API sends it: problem+json whose human text travels in `message`. */
function refusal(status: number, code: string, message: string): ApiError {
  return new ApiError({
    status,
    code,
    message,
    problem: { type: 'about:blank', title: '', status, code, message },
  });
}

const NO_ANSWER = new ApiError({ status: 0, code: 'network-error', message: 'Network error: down' });

describe('resetTokenOf', () => {
  it("reads the token of the link's fragment", () => {
    expect(resetTokenOf('#token=0f8b6c1e-2d3a.Hq2c3d_-aB')).toBe('0f8b6c1e-2d3a.Hq2c3d_-aB');
    expect(resetTokenOf('token=abc&x=1')).toBe('abc');
  });

  it.each(['', '#', '#token=', '#token=%20', '#other=abc'])('finds none in %j', (hash) => {
    expect(resetTokenOf(hash)).toBeNull();
  });
});

describe('the address handed from a sign-in form to /forgot-password', () => {
  it('travels trimmed, and not at all when nothing was typed', () => {
    expect(forgotPasswordState('  ada@example.com ')).toEqual({ email: 'ada@example.com' });
    expect(forgotPasswordState('   ')).toBeUndefined();
  });

  it('is read back from the navigation state, anything else giving an empty field', () => {
    expect(emailOfForgotPasswordState(forgotPasswordState('ada@example.com'))).toBe('ada@example.com');
    for (const state of [undefined, null, 'ada@example.com', { email: 42 }, {}]) {
      expect(emailOfForgotPasswordState(state)).toBe('');
    }
  });
});

it('only the reset page\'s own state opens /login with "Your password was changed"', () => {
  expect(isPasswordChangedState(PASSWORD_CHANGED_STATE)).toBe(true);
  expect(PASSWORD_RESET_TEXTS.changed).toBe('Your password was changed. Sign in with your new password.');
  for (const state of [undefined, null, {}, { passwordChanged: 'true' }, { passwordChanged: false }]) {
    expect(isPasswordChangedState(state)).toBe(false);
  }
});

describe('the neutral confirmation', () => {
  it('says the same for every address, and how long the link works', () => {
    expect(PASSWORD_RESET_TEXTS.sent('ada@example.com')).toBe(
      "If an account exists for ada@example.com, we've emailed a link to reset its password. It works once, for one hour.",
    );
  });
});

describe('forgotPasswordError', () => {
  it("shows the server's text for a throttled request (when to try again) and a refused address", () => {
    const throttled = refusal(429, ErrorCode.TooManyAttempts, 'Too many attempts. Try again in 15 minutes.');
    expect(forgotPasswordError(throttled)).toBe('Too many attempts. Try again in 15 minutes.');
    expect(forgotPasswordError(refusal(400, ErrorCode.InvalidEmail, 'Invalid email format'))).toBe(
      'Invalid email format',
    );
  });

  it('says to try again after a fault or no answer', () => {
    expect(forgotPasswordError(refusal(500, ErrorCode.InternalError, 'Internal error (id 7)'))).toBe(
      PASSWORD_RESET_TEXTS.sendFailed,
    );
    expect(forgotPasswordError(NO_ANSWER)).toBe(PASSWORD_RESET_TEXTS.sendFailed);
    expect(forgotPasswordError(new Error('boom'))).toBe(PASSWORD_RESET_TEXTS.sendFailed);
  });
});

describe('resetRefusalOf', () => {
  it.each([
    [ErrorCode.ResetLinkInvalid, 400, PASSWORD_RESET_TEXTS.linkInvalid],
    [ErrorCode.ResetLinkUsed, 410, PASSWORD_RESET_TEXTS.linkUsed],
    [ErrorCode.ResetLinkExpired, 410, PASSWORD_RESET_TEXTS.linkExpired],
  ])("a link refused as %s asks for a new link, in the server's words or ours", (code, status, ours) => {
    expect(resetRefusalOf(refusal(status, code, 'Server says so.'))).toEqual({
      kind: 'request-new-link',
      message: 'Server says so.',
    });
    expect(resetRefusalOf(refusal(status, code, ''))).toEqual({ kind: 'request-new-link', message: ours });
  });

  it.each([ErrorCode.WeakPassword, ErrorCode.PasswordTooLong, ErrorCode.PasswordsDoNotMatch])(
    "a password refused as %s keeps the form, with the server's text",
    (code) => {
      expect(resetRefusalOf(refusal(400, code, 'Password should be at least 6 characters'))).toEqual({
        kind: 'retry',
        message: 'Password should be at least 6 characters',
      });
    },
  );

  it('a throttled attempt says when to try again; a fault or no answer, to try again', () => {
    expect(resetRefusalOf(refusal(429, ErrorCode.TooManyAttempts, 'Try again in 10 minutes.'))).toEqual({
      kind: 'retry',
      message: 'Try again in 10 minutes.',
    });
    for (const error of [refusal(500, ErrorCode.InternalError, 'Internal error'), NO_ANSWER, 'boom']) {
      expect(resetRefusalOf(error)).toEqual({ kind: 'retry', message: PASSWORD_RESET_TEXTS.changeFailed });
    }
  });
});
