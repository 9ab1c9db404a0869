import { ErrorCode } from '@fxrates/domain';
import { ApiError } from '@fxrates/web-kit';
import { CHANGE_PASSWORD_TEXTS, changePasswordRefusal } from './change-password';

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

describe('changePasswordRefusal', () => {
  it("shows a wrong current password under that field, in the API's words or ours", () => {
    expect(
      changePasswordRefusal(
        refusal(400, ErrorCode.WrongCurrentPassword, 'Your current password is not correct.'),
      ),
    ).toEqual({ field: 'currentPassword', message: 'Your current password is not correct.' });
    expect(changePasswordRefusal(refusal(400, ErrorCode.WrongCurrentPassword, ''))).toEqual({
      field: 'currentPassword',
      message: CHANGE_PASSWORD_TEXTS.wrongCurrentPassword,
    });
  });

  it.each([
    [ErrorCode.WeakPassword, 'password'],
    [ErrorCode.PasswordTooLong, 'password'],
    [ErrorCode.PasswordsDoNotMatch, 'confirmPassword'],
  ])('shows %s under the %s field', (code, field) => {
    expect(changePasswordRefusal(refusal(400, code, 'Server says so.'))).toEqual({
      field,
      message: 'Server says so.',
    });
  });

  it('says above the form when to try again after too many attempts', () => {
    expect(
      changePasswordRefusal(
        refusal(429, ErrorCode.TooManyAttempts, 'Too many sign-in attempts. Try again in 15 minutes.'),
      ),
    ).toEqual({ field: null, message: 'Too many sign-in attempts. Try again in 15 minutes.' });
    expect(changePasswordRefusal(refusal(429, ErrorCode.TooManyAttempts, ''))).toEqual({
      field: null,
      message: CHANGE_PASSWORD_TEXTS.tooManyAttempts,
    });
  });

  it("shows another refused request's text above the form", () => {
    expect(
      changePasswordRefusal(refusal(400, ErrorCode.ValidationFailed, 'password must be a string')),
    ).toEqual({ field: null, message: 'password must be a string' });
  });

  it('says to try again after a fault, no answer or a lost sign-in', () => {
    for (const error of [
      refusal(500, ErrorCode.InternalError, 'Internal error (id 7)'),
      refusal(401, ErrorCode.Unauthorized, 'Unauthorized'),
      NO_ANSWER,
      new Error('boom'),
    ]) {
      expect(changePasswordRefusal(error)).toEqual({
        field: null,
        message: CHANGE_PASSWORD_TEXTS.changeFailed,
      });
    }
  });
});
