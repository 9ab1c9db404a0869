import type { Page } from 'playwright-core';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { textsOf, waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();

describe('policy pages', () => {
  const opened = usePagePerTest();
  let page: Page;

  beforeEach(() => {
    page = opened().page;
  });

  async function openPolicy(route: string, title: string): Promise<string> {
    await page.goto(`${baseUrl}${route}`);
    await waitForText(page.getByRole('heading', { level: 1 }), title);
    return page.locator('main').innerText();
  }

  it('shows the privacy policy sections and the last-updated date', async () => {
    const text = await openPolicy('/privacy', 'Privacy Policy');
    expect(await textsOf(page.getByRole('article').getByRole('heading', { level: 2 }))).toEqual([
      '1. Information We Collect',
      '2. How We Use Your Information',
      '3. Data Sharing and Disclosure',
      '4. Data Security',
      '5. Your Rights',
      '6. Changes to This Policy',
      '7. Contact Us',
    ]);
    expect(await textsOf(page.getByRole('article').getByRole('heading', { level: 3 }))).toEqual([
      'Personal Information',
      'Usage Data',
      'Payment Information',
    ]);
    expect(text).toContain('Last updated: March 22, 2025');
    expect(text).toContain('are not stored by FXRates Pro');
    expect(text).toContain('support@fxrates.example');
  });

  it('shows terms sections 1–11 and the policy statements', async () => {
    const text = await openPolicy('/terms', 'Terms of Service');
    expect(await textsOf(page.getByRole('article').getByRole('heading', { level: 2 }))).toEqual([
      '1. Acceptance of Terms',
      '2. Description of Services',
      '3. API Usage and Limitations',
      '4. Subscription and Payment',
      '5. Data Accuracy',
      '6. Intellectual Property',
      '7. Termination',
      '8. Disclaimer of Warranties',
      '9. Limitation of Liability',
      '10. Changes to Terms',
      '11. Contact Information',
    ]);
    expect(text).toContain('Last updated: March 22, 2025');
    expect(text).toContain('limited by the request limits of your plan');
    expect(text).toContain('must not be shared');
    expect(text).toContain('Pricing may change with notice');
    expect(text).toContain(
      'Card details are processed by the payment provider and are not stored by FXRates Pro',
    );
  });
});
