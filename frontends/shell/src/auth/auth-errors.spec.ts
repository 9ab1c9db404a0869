import { ApiError } from '@fxrates/web-kit';
import {
  isEmailAlreadyInUse,
  loginDialogError,
  loginPageError,
  registerDialogError,
  registerPageError,
} from './auth-errors';

function problem(status: number, code: string, message: string): ApiError {
  return new ApiError({
    status,
    code,
    message,
    problem: { type: `/problems/${code}`, title: message, status, code, message },
  });
}

describe('auth error texts', () => {
  it.each([
    ['user-not-found', 'No account found with this email'],
    ['wrong-password', 'Incorrect password'],
    ['invalid-email', 'Invalid email format'],
    ['validation-failed', 'Failed to sign in. Please try again.'],
    ['other', 'Failed to sign in. Please try again.'],
    ['toString', 'Failed to sign in. Please try again.'],
  ])('login dialog: %s → "%s"', (code, text) => {
    expect(loginDialogError(problem(400, code, 'server text'))).toBe(text);
  });

  it('login dialog: a throttled sign-in shows when to try again; anything else the generic text', () => {
    expect(loginDialogError(problem(429, 'too-many-attempts', 'Try again in 15 minutes.'))).toBe(
      'Try again in 15 minutes.',
    );
    expect(loginDialogError(new ApiError({ status: 0, code: 'network-error', message: 'down' }))).toBe(
      'Failed to sign in. Please try again.',
    );
    expect(loginDialogError(new Error('boom'))).toBe('Failed to sign in. Please try again.');
  });

  it('register dialog: a throttled sign-up shows when to try again', () => {
    expect(
      registerDialogError(
        problem(429, 'too-many-attempts', 'Too many sign-ups from your network. Try again in 60 minutes.'),
      ),
    ).toBe('Too many sign-ups from your network. Try again in 60 minutes.');
    expect(registerDialogError(problem(429, 'rate-limited', 'Try again in a moment.'))).toBe(
      'Try again in a moment.',
    );
  });

  it('login and register dialogs: a refusal during a store outage says when to retry', () => {
    const outage = problem(
      503,
      'service-unavailable',
      'The service is briefly unavailable. Retry in 5 seconds.',
    );
    expect(loginDialogError(outage)).toBe('The service is briefly unavailable. Retry in 5 seconds.');
    expect(registerDialogError(outage)).toBe('The service is briefly unavailable. Retry in 5 seconds.');
  });

  it('login dialog: a sign-in refused while the server is busy shows the server text', () => {
    expect(loginDialogError(problem(429, 'rate-limited', 'Try again in a moment.'))).toBe(
      'Try again in a moment.',
    );
  });

  it.each([
    ['email-already-in-use', 'An account with this email already exists. Would you like to login instead?'],
    ['weak-password', 'Password should be at least 6 characters'],
    ['invalid-email', 'Invalid email address'],
    ['passwords-do-not-match', 'Passwords do not match'],
    ['password-too-long', 'Failed to create account. Please try again.'],
    ['internal-error', 'Failed to create account. Please try again.'],
  ])('register dialog: %s → "%s"', (code, text) => {
    expect(registerDialogError(problem(400, code, 'server text'))).toBe(text);
  });

  it('recognises the existing-email answer', () => {
    expect(isEmailAlreadyInUse(problem(409, 'email-already-in-use', 'exists'))).toBe(true);
    expect(isEmailAlreadyInUse(problem(400, 'invalid-email', 'bad'))).toBe(false);
    expect(isEmailAlreadyInUse(new Error('email-already-in-use'))).toBe(false);
  });

  it('pages: the prefix and the server message', () => {
    expect(loginPageError(problem(401, 'wrong-password', 'Incorrect password'))).toBe(
      'Failed to sign in: Incorrect password',
    );
    expect(registerPageError(problem(409, 'email-already-in-use', 'Already there.'))).toBe(
      'Failed to create account: Already there.',
    );
    expect(
      loginPageError(new ApiError({ status: 0, code: 'timeout', message: 'The request timed out' })),
    ).toBe('Failed to sign in: The request timed out');
  });
});
