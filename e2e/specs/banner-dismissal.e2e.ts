import type { Page } from 'playwright-core';
import { todayUtc } from '@fxrates/testing';
import { heading, signInOnLoginPage, waitForPath } from '../support/accounts-ui';
import { PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();

const BANNERS = ['verify-email-banner', 'quota-banner'] as const;

/** An unverified Free user whose key made 800 of the month's 1,000 calls: both banners show. */
async function unverifiedUserNearTheQuota() {
  const { user, ...key } = await given.keyOnPlan({ name: 'Production', verified: false });
  await given.usage(key, { [todayUtc()]: 800 });
  return user;
}

async function openDashboard(page: Page): Promise<void> {
  await waitForText(heading(page), 'Dashboard');
  await waitForText(page.getByTestId('stat-active-keys'), '1'); // keys and usage loaded
}

const shown = async (page: Page) => {
  const visible: string[] = [];
  for (const banner of BANNERS) if (await page.getByTestId(banner).isVisible()) visible.push(banner);
  return visible;
};

describe.each(PHONE_AND_DESKTOP)('the dashboard banners on a $name', ({ viewport }) => {
  const opened = usePagePerTest(viewport);

  it('close with a named button and stay closed in this tab across pages and reloads, not in a new tab', async () => {
    const { page, context } = opened();
    const user = await unverifiedUserNearTheQuota();
    await signInOnLoginPage(page, baseUrl, user);
    await waitForPath(page, '/dashboard');
    await openDashboard(page);
    await page.getByTestId('quota-banner').waitFor();
    expect(await shown(page)).toEqual([...BANNERS]);
    // Numbers are grouped: "800 of 1,000 requests".
    expect(await page.getByTestId('quota-banner').innerText()).toContain(
      '800 of 1,000 requests on the Free plan',
    );

    for (const banner of BANNERS) {
      await page.getByTestId(banner).getByRole('button', { name: 'Dismiss' }).click();
      await page.getByTestId(banner).waitFor({ state: 'detached' });
    }

    // Another page and back, within the app.
    await page.getByTestId('site-footer').getByRole('link', { name: 'Pricing' }).click();
    await waitForPath(page, '/pricing');
    await page.goBack();
    await waitForPath(page, '/dashboard');
    await openDashboard(page);
    expect(await shown(page)).toEqual([]);
    await page.reload();
    await openDashboard(page);
    expect(await shown(page)).toEqual([]);

    // A new tab is a new session: what needs doing is said again.
    const other = await context.newPage();
    try {
      await other.goto(`${baseUrl}/dashboard`);
      await openDashboard(other);
      await other.getByTestId('quota-banner').waitFor();
      expect(await shown(other)).toEqual([...BANNERS]);
    } finally {
      await other.close();
    }
  }, 60_000);
});
