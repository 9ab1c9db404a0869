import { emailChangedNotice, maskedAddress } from './email-change-emails';

describe('the mails of a change of address', () => {
  it('shows the new address by its first letter and domain, defanged so no client links it', () => {
    expect(maskedAddress('nadia@example.com')).toBe('n***[at]example[.]com');
    expect(maskedAddress('Ｎadia@evil.example')).toBe('N***[at]evil[.]example');
    expect(maskedAddress('\u202eeve@x.example')).toBe('e***[at]x[.]example');
  });

  it('tells the old address when and to what, and whom to ask, on plain lines', () => {
    const { subject, text } = emailChangedNotice({
      productName: 'FXRates Pro',
      newAddress: maskedAddress('nadia@example.com'),
      changedAt: '2026-11-29 08:00 UTC',
      contactUrl: 'https://fxrates.example.com/contact',
    });
    expect(subject).toBe('Your FXRates Pro email address was changed');
    expect(text).toContain('was moved to n***[at]example[.]com on 2026-11-29 08:00 UTC.');
    expect(text).toContain('https://fxrates.example.com/contact');
    // Only our own line breaks: nothing invisible, nothing that forges a line.
    expect(text.replace(/\n/g, '')).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  });
});
