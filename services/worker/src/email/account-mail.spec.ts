import { accountMailHeader } from './account-mail';

describe('accountMailHeader', () => {
  it.each([
    ['quota-alert', 'X-FXRates-Quota-Alert'],
    ['email-verification', 'X-FXRates-Email-Verification'],
    ['password-changed', 'X-FXRates-Password-Changed'],
    ['email-changed', 'X-FXRates-Email-Changed'],
  ] as const)('names the header of %s mail %s', (kind, header) => {
    expect(accountMailHeader(kind)).toBe(header);
  });
});
