import path from 'node:path';
import type { Page } from 'playwright-core';
import { until } from '../../services/worker/test/support/waiting';
import {
  heading,
  signInOnLoginPage,
  signedInAsNewUser,
  uniqueEmail,
  waitForPath,
} from '../support/accounts-ui';
import { openPage, PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { tokenOfLink, useMailWorker } from '../support/mail-worker';
import { SCREENSHOTS_DIR } from '../support/paths';
import { waitForText } from '../support/texts';
import { expectUsableLayout } from '../support/usable-layout';

const { baseUrl } = e2eEnvironment();

const sentTo = (email: string) => `We sent a link to ${email}. Your address changes when you open it.`;
const changedTo = (email: string) =>
  `Your email address is now ${email}. Every sign-in of your account has ended: sign in again with your new address.`;

const mail = useMailWorker();

/** Fills the account page's "Change email" section and sends it. */
async function askForChange(page: Page, newEmail: string, currentPassword: string): Promise<void> {
  const section = page.getByTestId('change-email');
  await section.getByLabel(/^New email address/).fill(newEmail);
  await section.getByLabel(/^Current password/).fill(currentPassword);
  await section.getByRole('button', { name: 'Change email' }).click();
}

describe.each(PHONE_AND_DESKTOP)('change email at $viewport.width px ($name)', ({ viewport }) => {
  const opened = usePagePerTest(viewport);

  it('mails a link to the new address from the account page, moves the account when it is opened, and tells the old address', async () => {
    const { page, context } = opened();
    const user = await signedInAsNewUser(page, baseUrl, '/account');
    await waitForText(heading(page), 'Account Settings');
    const section = page.getByTestId('change-email');
    await waitForText(section.getByText(/^You sign in with /), new RegExp(user.email));
    await expectUsableLayout(page);

    // A wrong current password: the API's words, and nothing mailed.
    const newEmail = uniqueEmail();
    await askForChange(page, newEmail, 'not-my-password');
    await waitForText(page.getByTestId('change-email-error'), 'Your current password is not correct.');

    const asked = page.waitForResponse((response) => response.url().endsWith('/api/account/email'));
    await askForChange(page, newEmail, user.password);
    expect((await asked).status()).toBe(202);
    await waitForText(page.getByTestId('change-email-pending'), sentTo(newEmail));
    await expectUsableLayout(page);
    await page.screenshot({
      path: path.join(SCREENSHOTS_DIR, `change-email-sent-${viewport.width}.png`),
      fullPage: true,
    });
    // The address waiting for its link is still shown after a reload.
    await page.reload();
    await waitForText(page.getByTestId('change-email-pending'), sentTo(newEmail));

    // The link, opened on another device where nobody is signed in: sign in (with the address the
    // account has now), and the page confirms; the token never in an address a server sees.
    const link = await mail().emailChangeLink(newEmail);
    expect(link.startsWith(`${baseUrl}/confirm-email#token=`)).toBe(true);
    const browser = context.browser();
    if (!browser) throw new Error('The page has no browser');
    const device = await openPage(browser, viewport);
    try {
      const urls: string[] = [];
      device.page.on('request', (request) => urls.push(request.url()));
      await device.page.goto(link);
      await waitForPath(device.page, '/login');
      const login = new URL(device.page.url());
      expect(login.searchParams.get('next')).toBe('/confirm-email');
      await signInOnLoginPage(device.page, baseUrl, user, `${login.search}${login.hash}`);
      await waitForPath(device.page, '/confirm-email');
      await waitForText(heading(device.page), 'Confirm Email Address');
      await waitForText(device.page.getByTestId('confirm-email-result'), changedTo(newEmail));
      await device.page.waitForURL((url) => url.pathname === '/confirm-email' && url.hash === '');
      await expectUsableLayout(device.page);
      await device.page.screenshot({
        path: path.join(SCREENSHOTS_DIR, `change-email-confirmed-${viewport.width}.png`),
        fullPage: true,
      });
      expect(urls.filter((url) => url.includes(tokenOfLink(link)))).toEqual([]);

      // Signed out here too; the old address no longer signs in, the new one does.
      await device.page.getByRole('link', { name: 'Sign in with your new address' }).click();
      await waitForPath(device.page, '/login');
      await waitForText(heading(device.page), 'Login to Your Account');
      await signInOnLoginPage(device.page, baseUrl, user);
      await waitForText(
        device.page.getByTestId('login-page-error'),
        'Failed to sign in: No account found with this email',
      );
      await signInOnLoginPage(device.page, baseUrl, { email: newEmail, password: user.password });
      await waitForPath(device.page, '/dashboard');

      // The link works once: opened again, it says so and leads to the account page.
      await device.page.goto(link);
      const refused = device.page.getByTestId('confirm-email-result');
      await waitForText(refused, /^This email-change link was already used/);
      expect(await refused.getAttribute('role')).toBe('alert');
      await expectUsableLayout(device.page);
      await device.page.getByRole('link', { name: 'Go to your account page' }).click();
      await waitForPath(device.page, '/account');
      await waitForText(device.page.getByTestId('account-email'), newEmail);
    } finally {
      await device.context.close();
    }
    expect(device.pageErrors).toEqual([]);

    // The first device's sign-in was ended with the change: on its next load it is signed out.
    await page.reload();
    await waitForPath(page, '/login');

    // The old address is told, the new one masked.
    await until(
      () =>
        mail()
          .mailsTo(user.email)
          .some((m) => m.header('X-FXRates-Email-Changed') !== undefined),
      30_000,
    );
  });

  it('asks for the emailed link when /confirm-email is opened without one', async () => {
    const { page } = opened();
    await signedInAsNewUser(page, baseUrl, '/confirm-email');
    await waitForText(heading(page), 'Confirm Email Address');
    await waitForText(
      page.getByTestId('confirm-email-result'),
      'This page needs the link we emailed to your new address. Open the link in that email, or ask for a new one from your account page.',
    );
    await expectUsableLayout(page);
    await page.getByRole('link', { name: 'Go to your account page' }).click();
    await waitForPath(page, '/account');
    await page.getByTestId('change-email').waitFor();
  });
});
