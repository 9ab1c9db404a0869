import type { Page, Route } from 'playwright-core';
import { heading, signInOnLoginPage, waitForPath } from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();

/** A 503 as the API answers while it cannot serve: the browser's boundary, where the test makes it fail. */
const unavailable = (route: Route) =>
  route.fulfill({
    status: 503,
    contentType: 'application/problem+json',
    body: JSON.stringify({ status: 503, code: 'service-unavailable', message: 'Service unavailable' }),
  });

async function openDashboard(page: Page, user: { email: string; password: string }): Promise<void> {
  await signInOnLoginPage(page, baseUrl, user, '');
  await waitForPath(page, '/dashboard');
  await waitForText(heading(page), 'Dashboard');
}

/** States that tell the truth: failures are not shown as empty lists. */
describe('dashboard: loading failures and empty states', () => {
  const opened = usePagePerTest();

  it('shows a key-load failure with Retry, not also "No active keys yet", and Retry loads them', async () => {
    const { page } = opened();
    const user = await given.user();
    await given.key(user, { name: 'Production server' });
    const keysPattern = (url: URL) => url.pathname === '/api/keys';
    await page.route(keysPattern, unavailable);
    await openDashboard(page, user);

    const failure = page.getByTestId('keys-load-error');
    await waitForText(failure, /^Failed to load API keys/);
    expect(await failure.getAttribute('role')).toBe('alert');
    // The Overview's counts come from the same lists: unknown, not zero.
    expect(await page.getByTestId('stat-active-keys').innerText()).toBe('—');
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await waitForText(failure, /^Failed to load API keys/);
    expect(await page.getByText(/No active keys yet/).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Active Keys' }).count()).toBe(0);

    await page.unroute(keysPattern, unavailable);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await failure.waitFor({ state: 'detached' });
    const row = page.getByTestId('key-row').filter({ hasText: 'Production server' });
    await row.waitFor();
    await page.getByRole('tab', { name: 'Overview' }).click();
    await waitForText(page.getByTestId('stat-active-keys'), '1');
  });

  it('says "No active keys yet" when there truly are none', async () => {
    const { page } = opened();
    await openDashboard(page, await given.user());
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await waitForText(
      page.getByText(/No active keys yet/),
      'No active keys yet. Create one to call the API.',
    );
    expect(await page.getByTestId('keys-load-error').count()).toBe(0);
  });

  it('says "No requests yet this month" instead of an empty chart', async () => {
    const { page } = opened();
    await openDashboard(page, await given.user());
    await page.getByRole('tab', { name: 'Usage Stats' }).click();
    await waitForText(page.getByTestId('usage-empty'), 'No requests yet this month');
    expect(await page.getByTestId('usage-chart').count()).toBe(0);
    // The limits are known all the same.
    await waitForText(page.getByTestId('limit-monthly-quota'), '1,000');
  });

  it('shows a usage-load failure with Retry rather than an empty panel', async () => {
    const { page } = opened();
    const usagePattern = (url: URL) => url.pathname === '/api/usage';
    await page.route(usagePattern, unavailable);
    await openDashboard(page, await given.user());
    await page.getByRole('tab', { name: 'Usage Stats' }).click();
    const failure = page.getByTestId('usage-load-error');
    await waitForText(failure, /^Failed to load usage/);

    await page.unroute(usagePattern, unavailable);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await waitForText(page.getByTestId('usage-empty'), 'No requests yet this month');
    expect(await failure.count()).toBe(0);
  });
});
