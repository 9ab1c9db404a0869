import { EMPTY_NEW_PASSWORD, NEW_PASSWORD_RULES } from './new-password';

describe('new password rules', () => {
  it('says "Passwords do not match" unless both are exactly equal', () => {
    const confirm = (confirmPassword: string) =>
      NEW_PASSWORD_RULES.confirmPassword(confirmPassword, { password: 'secret-123', confirmPassword });
    expect(confirm('secret-123')).toBeNull();
    expect(confirm('secret-12')).toBe('Passwords do not match');
    expect(confirm(' secret-123')).toBe('Passwords do not match');
    expect(confirm('')).toBe('Passwords do not match');
  });

  it('lets an empty form through to the fields’ own "required"', () => {
    expect(NEW_PASSWORD_RULES.confirmPassword('', EMPTY_NEW_PASSWORD)).toBeNull();
  });
});
