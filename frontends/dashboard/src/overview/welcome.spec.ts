import { welcomeText } from './welcome';

describe('welcomeText', () => {
  it('says "Welcome" to a new user and "Welcome back" once they have signed in again', () => {
    expect(welcomeText({ displayName: 'Ada Lovelace', lastSignInAt: null })).toBe('Welcome, Ada Lovelace!');
    expect(welcomeText({ displayName: 'Ada Lovelace', lastSignInAt: '2026-11-26T10:00:00.000Z' })).toBe(
      'Welcome back, Ada Lovelace!',
    );
  });

  it('greets without a name it does not know, and never claims "back" for an unknown account', () => {
    expect(welcomeText({ displayName: '', lastSignInAt: '2026-11-26T10:00:00.000Z' })).toBe('Welcome back!');
    expect(welcomeText(null)).toBe('Welcome!');
  });
});
