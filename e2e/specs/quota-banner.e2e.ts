import type { Page } from 'playwright-core';
import { todayUtc } from '@fxrates/testing';
import { heading, signInOnLoginPage, waitForPath } from '../support/accounts-ui';
import { seriousAxeViolations } from '../support/axe';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { waitForText } from '../support/texts';

const { baseUrl, apiUrl } = e2eEnvironment();

/**
 * A Free user (1,000 calls a month) whose key has made `used` calls today, as the usage flush
 * records them in PostgreSQL. Written before the user's first call or usage request: the API then
 * builds the month's counter from these rows, as it does on the first call of every month.
 */
async function freeUserWithUsage(used: number) {
  const { user, ...key } = await given.keyOnPlan({ name: 'Production' });
  await given.usage(key, { [todayUtc()]: used });
  return { user, key };
}

async function openDashboard(page: Page, user: { email: string; password: string }): Promise<void> {
  await signInOnLoginPage(page, baseUrl, user);
  await waitForPath(page, '/dashboard');
  await waitForText(heading(page), 'Dashboard');
  await waitForText(page.getByTestId('stat-active-keys'), '1'); // keys and usage loaded
}

const banner = (page: Page) => page.getByTestId('quota-banner');

describe('dashboard: the quota banner', () => {
  const opened = usePagePerTest();

  it('appears when a call takes the month past 75 % of the quota, not one call before, and links to pricing', async () => {
    const { page } = opened();
    const { user, key } = await freeUserWithUsage(749);
    await openDashboard(page, user);
    await page.getByRole('tab', { name: 'Usage Stats' }).click();
    await waitForText(page.getByTestId('limit-used'), '749');
    expect(await banner(page).count()).toBe(0);

    const call = await fetch(`${apiUrl}/api/v1/rates/rate?from=USD&to=EUR`, {
      headers: { 'X-API-Key': key.key },
    });
    expect(call.status).toBe(200);
    await page.getByRole('tab', { name: 'Overview' }).click(); // a tab change reloads keys and usage
    await banner(page).waitFor();
    expect(await banner(page).getAttribute('data-level')).toBe('75');
    expect(await banner(page).getAttribute('role')).toBe('status');
    const resets = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1),
    ).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    expect(await banner(page).innerText()).toContain("You have used 75% of this month's API quota");
    expect(await banner(page).innerText()).toContain(
      `750 of 1,000 requests on the Free plan. The quota resets on ${resets}.`,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    const upgrade = banner(page).getByRole('link', { name: 'Upgrade your plan' });
    expect(await upgrade.getAttribute('href')).toBe('/pricing');
    await upgrade.click();
    await waitForPath(page, '/pricing');
    await page.getByText('Monthly billing').first().waitFor();
  }, 60_000);

  it('rises to an alert when the quota is used up', async () => {
    const { page } = opened();
    const { user } = await freeUserWithUsage(1_000);
    await openDashboard(page, user);
    await banner(page).waitFor();
    expect(await banner(page).getAttribute('data-level')).toBe('100');
    expect(await banner(page).getAttribute('role')).toBe('alert');
    expect(await banner(page).innerText()).toContain("You have used all of this month's API quota");
    expect(await banner(page).innerText()).toContain('Calls are refused (429) until the quota resets on');
    expect(await banner(page).getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe(
      '/pricing',
    );
  }, 60_000);
});
