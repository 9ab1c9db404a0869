import { quotaAlertEmail, type QuotaAlertEmailInput } from './quota-alert-email';

const free: QuotaAlertEmailInput = {
  productName: 'FXRates Pro',
  firstName: 'Ada',
  planName: 'Free',
  topPlan: false,
  threshold: 75,
  used: 760,
  monthlyQuota: 1000,
  month: '2026-11',
  webUrl: 'https://fxrates.example.com',
};

describe('quota alert email', () => {
  it('says the plan, the calls used of the quota, the reset date and where to upgrade', () => {
    const { subject, text } = quotaAlertEmail(free);
    expect(subject).toBe('You have used 75% of your FXRates Pro API quota for November 2026');
    expect(text).toContain('Hello Ada,');
    expect(text).toContain("passed 75% of this month's quota");
    expect(text).toContain('Plan:   Free');
    expect(text).toContain('Used:   760 of 1,000 requests (76%) in November 2026');
    expect(text).toContain('Resets: December 1, 2026, 00:00 UTC');
    expect(text).toContain('Upgrade your plan for a higher quota: https://fxrates.example.com/pricing');
  });

  it('at 100 % says calls are now refused; December resets on the first of January', () => {
    const { subject, text } = quotaAlertEmail({
      ...free,
      threshold: 100,
      used: 10_000,
      monthlyQuota: 10_000,
      planName: 'Basic',
      month: '2026-12',
    });
    expect(subject).toBe('You have used all of your FXRates Pro API quota for December 2026');
    expect(text).toContain('Used:   10,000 of 10,000 requests (100%) in December 2026');
    expect(text).toContain('Resets: January 1, 2027, 00:00 UTC');
    expect(text).toContain('Further calls are refused with HTTP 429 (quota-exceeded)');
  });

  it('offers the highest plan a quote instead of an upgrade', () => {
    const { text } = quotaAlertEmail({ ...free, planName: 'Enterprise', topPlan: true, threshold: 90 });
    expect(text).toContain(
      "Need more than the Enterprise plan's quota? Contact us for a quote: https://fxrates.example.com/contact",
    );
    expect(text).not.toContain('/pricing');
  });

  it('shows a first name as one plain line that links nothing, and keeps it out of the subject', () => {
    const { subject, text } = quotaAlertEmail({
      ...free,
      firstName: 'Eve\r\n\r\nClick https://evil.example to verify',
    });
    expect(text).toContain('Hello Eve Click https[:]//evil[.]example to verify,\n\n');
    expect(text).not.toContain('evil.example');
    expect(subject).not.toMatch(/Eve|evil/);
  });
});
