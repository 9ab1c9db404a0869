import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { heading, signInOnLoginPage, signedInAsNewUser, waitForPath } from '../support/accounts-ui';
import { type OpenedPage, openPage, PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { SCREENSHOTS_DIR } from '../support/paths';
import { waitForText } from '../support/texts';
import { expectUsableLayout } from '../support/usable-layout';

const { baseUrl } = e2eEnvironment();

/** The account page's Sessions section, found by its heading as assistive technology finds it. */
function sessionsSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Sessions' });
}

async function waitForRows(page: Page, count: number): Promise<Locator> {
  const rows = sessionsSection(page).getByTestId('session-row');
  await page.waitForFunction(
    (expected) => document.querySelectorAll('[data-testid="session-row"]').length === expected,
    count,
  );
  return rows;
}

/**
 * A new user signed in twice: on `page` (this device, left on the account page) and in a browser
 * context of its own (the other device, left on the dashboard), which the caller closes.
 */
async function signedInTwice(
  opened: OpenedPage,
  viewport: { width: number; height: number },
): Promise<OpenedPage> {
  const { page, context } = opened;
  const user = await signedInAsNewUser(page, baseUrl, '/dashboard');
  await waitForPath(page, '/dashboard');
  const browser = context.browser();
  if (!browser) throw new Error('The page has no browser');
  const other = await openPage(browser, viewport);
  await signInOnLoginPage(other.page, baseUrl, user);
  await waitForPath(other.page, '/dashboard');
  await page.goto(`${baseUrl}/account`);
  await waitForText(heading(page), 'Account Settings');
  return other;
}

describe.each(PHONE_AND_DESKTOP)('sessions at $viewport.width px ($name)', ({ viewport }) => {
  const opened = usePagePerTest(viewport);

  it('lists this device and another signed-in browser, signs the other out, and the other lands signed out on its next action', async () => {
    const { page } = opened();
    const other = await signedInTwice(opened(), viewport);
    try {
      const rows = await waitForRows(page, 2);
      const current = rows.filter({ has: page.getByTestId('this-device') });
      expect(await current.count()).toBe(1);
      await waitForText(current.getByTestId('this-device'), 'This device');
      // The last use in words, the exact time as its title.
      const lastUsed = current.locator('td[data-label="Last used"] [title]');
      expect(await lastUsed.textContent()).toMatch(/^(just now|\d+ minutes? ago)$/);
      expect(await lastUsed.getAttribute('title')).toMatch(/^\w+ \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/);
      expect(await sessionsSection(page).getByTestId('sign-out-session').count()).toBe(1);
      await sessionsSection(page).scrollIntoViewIfNeeded();
      await expectUsableLayout(page);
      await page.screenshot({
        path: path.join(SCREENSHOTS_DIR, `sessions-two-${viewport.width}.png`),
        fullPage: true,
      });

      // Sign the other one out, after a confirmation.
      await sessionsSection(page).getByTestId('sign-out-session').click();
      const dialog = page.getByRole('dialog', { name: 'Sign out this session?' });
      await waitForText(dialog, /\(127\.0\.0\.0\/24\) is signed out at once and has to sign in again\./);
      // Colours are measured once the dialog has faded in, not halfway.
      await page.evaluate(() =>
        Promise.all(
          (document.querySelector('.mantine-Modal-root')?.getAnimations({ subtree: true }) ?? []).map(
            (animation) => animation.finished,
          ),
        ).then(() => undefined),
      );
      await expectUsableLayout(page);
      const deleted = page.waitForResponse(
        (response) =>
          response.url().includes('/api/account/sessions/') && response.request().method() === 'DELETE',
      );
      await dialog.getByTestId('confirm-sign-out').click();
      expect((await deleted).status()).toBe(204);
      await waitForRows(page, 1);
      await waitForText(
        sessionsSection(page).getByTestId('sessions-only-this'),
        'No other session is signed in.',
      );
      expect(await sessionsSection(page).getByTestId('sign-out-others').count()).toBe(0);
      await page.screenshot({
        path: path.join(SCREENSHOTS_DIR, `sessions-signed-out-other-${viewport.width}.png`),
        fullPage: true,
      });

      // The other browser still holds an access token minutes from expiry: its next call is refused
      // all the same, its refresh too, and it lands on the sign-in page. The account page asks for
      // several resources at once; the first refusal signs the browser out and cancels the others, so
      // the one answered may be any of them.
      const refused = other.page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname.startsWith('/api/account') &&
          response.request().method() === 'GET',
      );
      await other.page.evaluate(() => {
        window.history.pushState({}, '', '/account');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      expect((await refused).status()).toBe(401);
      await waitForPath(other.page, '/login');
      expect(other.pageErrors).toEqual([]);
    } finally {
      await other.context.close();
    }

    // This device is still signed in.
    await page.reload();
    await waitForRows(page, 1);
    await waitForPath(page, '/account');
  });

  it('signs out every other session at once', async () => {
    const { page } = opened();
    const other = await signedInTwice(opened(), viewport);
    try {
      await waitForRows(page, 2);
      await sessionsSection(page).getByTestId('sign-out-others').click();
      const dialog = page.getByRole('dialog', { name: 'Sign out all other sessions?' });
      await dialog.getByTestId('confirm-sign-out').click();
      await waitForRows(page, 1);
      await other.page.reload();
      await waitForPath(other.page, '/login');
    } finally {
      await other.context.close();
    }
  });
});
