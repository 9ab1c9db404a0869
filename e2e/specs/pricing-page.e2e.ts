import path from 'node:path';
import type { Page } from 'playwright-core';
import { heading, signedInAsNewUser, waitForPath } from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { SCREENSHOTS_DIR } from '../support/paths';
import { textsOf, waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();

const card = (page: Page, id: string) => page.getByTestId(`pricing-card-${id}`);
const routerState = (page: Page) =>
  page.evaluate(() => (window.history.state as { usr?: unknown })?.usr ?? null);

async function openPricing(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/pricing`);
  await waitForText(heading(page), 'Pricing');
  await card(page, 'basic').waitFor();
}

describe('the /pricing page', () => {
  const opened = usePagePerTest();
  let page: Page;

  beforeEach(() => {
    page = opened().page;
  });

  it('shows the five cards and switches prices between monthly and annual billing', async () => {
    await openPricing(page);
    expect(await textsOf(page.locator('[data-testid^="pricing-card-"] h2'))).toEqual([
      'Free',
      'Basic',
      'Professional',
      'Enterprise',
      'Other API Intergrations',
    ]);
    expect(await card(page, 'basic').getByText('Most Popular').count()).toBe(1);
    expect(await page.getByText('Monthly billing', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Annual billing (save 15%)', { exact: true }).count()).toBe(1);
    const prices = () => textsOf(page.getByTestId('pricing-price'));
    expect(await prices()).toEqual(['$0', '$15.99', '$59.99', '$99.99', 'RFQ']);
    expect(await card(page, 'basic').innerText()).toContain('10,000 requests/month');
    expect(await card(page, 'free').innerText()).toContain('1000 requests/month');
    expect(await card(page, 'rfq').getByRole('listitem').count()).toBe(0);
    expect(await card(page, 'rfq').getByRole('button').innerText()).toBe('Contact Us');

    await page.getByRole('switch', { name: 'Annual billing (save 15%)' }).click({ force: true });
    await waitForText(card(page, 'basic').getByTestId('pricing-price'), '$13.99');
    // Free still costs nothing and the quote card is still a quote on annual billing.
    expect(await prices()).toEqual(['$0', '$13.99', '$52.99', '$84.99', 'RFQ']);
    expect(await card(page, 'basic').getByTestId('pricing-note').innerText()).toContain('$167.88 per year');
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'pricing-1280.png'), fullPage: true });
  });

  it('toggles the switch when either of its labels is clicked', async () => {
    await openPricing(page);
    const annual = page.getByRole('switch', { name: 'Annual billing (save 15%)' });
    expect(await annual.isChecked()).toBe(false);
    await page.getByText('Annual billing (save 15%)', { exact: true }).click();
    await waitForText(card(page, 'basic').getByTestId('pricing-price'), '$13.99');
    expect(await annual.isChecked()).toBe(true);
    await page.getByText('Monthly billing', { exact: true }).click();
    await waitForText(card(page, 'basic').getByTestId('pricing-price'), '$15.99');
    expect(await annual.isChecked()).toBe(false);
    await page.getByText('Monthly billing', { exact: true }).click();
    await waitForText(card(page, 'basic').getByTestId('pricing-price'), '$13.99');
    expect(await annual.isChecked()).toBe(true);
  });

  it('sends the quote card to /contact', async () => {
    await openPricing(page);
    await card(page, 'rfq').getByRole('button', { name: 'Contact Us' }).click();
    await waitForPath(page, '/contact');
    await waitForText(heading(page), 'Contact Us');
  });

  it('sends a visitor to /register with the plan and the annual flag', async () => {
    await openPricing(page);
    await page.getByRole('switch', { name: 'Annual billing (save 15%)' }).click({ force: true });
    await card(page, 'professional').getByRole('button').click();
    await waitForPath(page, '/register');
    expect(await routerState(page)).toEqual({ plan: 'professional', isAnnual: true });
  });

  it('sends a visitor to /register from every plan card, monthly', async () => {
    for (const plan of ['free', 'basic', 'professional', 'enterprise']) {
      await openPricing(page);
      await card(page, plan).getByRole('button').click();
      await waitForPath(page, '/register');
      expect([plan, await routerState(page)]).toEqual([plan, { plan, isAnnual: false }]);
    }
  });

  it('sends a signed-in user to /subscribe from every paid card, annual', async () => {
    await signedInAsNewUser(page, baseUrl, '/pricing');
    for (const plan of ['basic', 'professional', 'enterprise']) {
      await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
      await card(page, plan).waitFor();
      await page.getByRole('switch', { name: 'Annual billing (save 15%)' }).click({ force: true });
      await card(page, plan).getByRole('button').click();
      await waitForPath(page, '/subscribe');
      expect([plan, await routerState(page)]).toEqual([plan, { plan, isAnnual: true }]);
    }
  });

  it('marks Free as the current plan of a signed-in user on Free, and sends an upgrade to /subscribe', async () => {
    await signedInAsNewUser(page, baseUrl, '/pricing');
    await card(page, 'free').waitFor();
    const free = card(page, 'free').getByRole('button');
    await waitForText(free, 'Current plan');
    expect(await free.isDisabled()).toBe(true);

    await card(page, 'basic').getByRole('button', { name: 'Upgrade' }).click();
    await waitForPath(page, '/subscribe');
    expect(await routerState(page)).toEqual({ plan: 'basic', isAnnual: false });
  });
});
