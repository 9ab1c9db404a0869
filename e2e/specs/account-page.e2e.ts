import path from 'node:path';
import type { Page } from 'playwright-core';
import { heading, signedInAsNewUser, waitForPath } from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { SCREENSHOTS_DIR } from '../support/paths';
import { waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();

/** Today in the spec's long form, e.g. "November 22, 2026" (the browser runs in UTC). */
function todayLong(): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date());
}

function field(page: Page, key: string) {
  return page.getByTestId(`account-${key}`);
}

describe('the /account page', () => {
  const opened = usePagePerTest();
  let page: Page;

  beforeEach(() => {
    page = opened().page;
  });

  it('shows a new account with its defaults: Free, Monthly, Active, no next billing, no amount', async () => {
    const { email } = await signedInAsNewUser(page, baseUrl, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
    await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();

    await waitForText(heading(page), 'Account Settings');
    expect(await page.title()).toBe('Account Settings | FXRates Pro');
    await waitForText(field(page, 'email'), email);
    expect(await field(page, 'plan').innerText()).toBe('Free');
    expect(await field(page, 'billingCycle').innerText()).toBe('Monthly');
    expect(await field(page, 'status').innerText()).toBe('Active');
    expect(await field(page, 'startDate').innerText()).toBe(todayLong());
    expect(await field(page, 'nextBilling').innerText()).toBe('N/A');
    expect(await field(page, 'amount').count()).toBe(0);
    expect(await page.getByText('Amount', { exact: true }).count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'account-1280.png'), fullPage: true });

    await page.getByRole('link', { name: 'Upgrade Plan' }).click();
    await waitForPath(page, '/pricing');
    await waitForText(heading(page), 'Pricing');
  });

  it('says so when the account cannot be loaded', async () => {
    const accountApi = (url: URL) => url.pathname === '/api/account';
    await page.route(accountApi, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ status: 503, code: 'internal-error', message: 'Down for maintenance' }),
      }),
    );
    await signedInAsNewUser(page, baseUrl, '/account');

    await waitForText(
      page.getByTestId('account-error'),
      /Failed to load account information\. Please try again later\./,
    );
    await page.unroute(accountApi);
    await page.getByRole('button', { name: 'Retry' }).click();
    await field(page, 'plan').waitFor();
    expect(await field(page, 'plan').innerText()).toBe('Free');
  });
});
