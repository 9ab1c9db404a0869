import { EMPTY_REGISTER_FORM, REGISTER_FORM_RULES } from './register-form';

const ADA = { ...EMPTY_REGISTER_FORM, password: ' secret-123', confirmPassword: ' secret-123' };

describe('register form rules', () => {
  it('says "Passwords do not match" unless the passwords are exactly equal', () => {
    const confirm = (confirmPassword: string) =>
      REGISTER_FORM_RULES.confirmPassword(confirmPassword, { ...ADA, confirmPassword });
    expect(confirm(' secret-123')).toBeNull();
    expect(confirm('secret-123')).toBe('Passwords do not match');
    expect(confirm('')).toBe('Passwords do not match');
  });
});
