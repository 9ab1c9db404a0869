import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { heading, signedInAsNewUser, uniqueEmail, waitForPath } from '../support/accounts-ui';
import { openPage, PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { tokenOfLink, useMailWorker } from '../support/mail-worker';
import { SCREENSHOTS_DIR } from '../support/paths';
import { waitForText } from '../support/texts';
import { expectUsableLayout } from '../support/usable-layout';

const { baseUrl } = e2eEnvironment();

const NEW_PASSWORD = 'a-new-password-456';
const CHANGED = 'Your password was changed. Sign in with your new password.';
const sentTo = (email: string) =>
  `If an account exists for ${email}, we've emailed a link to reset its password. It works once, for one hour.`;

const mail = useMailWorker();

/** Waits until the element has the keyboard focus. */
async function waitForFocus(page: Page, field: Locator): Promise<void> {
  await page.waitForFunction((element) => element === document.activeElement, await field.elementHandle());
}

/**
 * From the home page to /forgot-password as a visitor would, with `email` typed into the sign-in
 * form first: the top bar's Login dialog on a wide screen; the burger menu's Login page on a phone.
 */
async function forgotPasswordFromSignIn(page: Page, phone: boolean, email: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await heading(page).waitFor();
  let form: Locator;
  if (phone) {
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Login' }).click();
    await waitForText(heading(page), 'Login to Your Account');
    form = page.locator('main');
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    form = page.getByRole('dialog', { name: 'Login' });
    await form.waitFor();
  }
  await form.getByLabel('Email Address').fill(email);
  await form.getByRole('link', { name: 'Forgot password?' }).click();
  await waitForPath(page, '/forgot-password');
  await waitForText(heading(page), 'Forgot Your Password?');
  if (!phone) await page.getByRole('dialog', { name: 'Login' }).waitFor({ state: 'hidden' });
}

/** Asks for a link on /forgot-password (the field filled or not) and waits for the neutral answer. */
async function askForLink(page: Page, email: string): Promise<void> {
  const field = page.getByLabel('Email Address');
  await field.fill(email);
  await field.press('Enter');
  await waitForText(page.getByTestId('forgot-password-sent'), sentTo(email));
}

describe.each(PHONE_AND_DESKTOP)('password reset at $viewport.width px ($name)', ({ name, viewport }) => {
  const opened = usePagePerTest(viewport);
  const phone = name === 'phone';

  it('mails a single-use link from "Forgot password?", sets the new password, and signs everyone out', async () => {
    const { page, context } = opened();
    // The account, signed in on "another device": the reset must end that sign-in too.
    const browser = context.browser();
    if (!browser) throw new Error('The page has no browser');
    const device = await openPage(browser, viewport);
    try {
      const user = await signedInAsNewUser(device.page, baseUrl, '/dashboard');
      await waitForText(heading(device.page), 'Dashboard');

      // An address with no account gets the very same answer, and no mail.
      const nobody = uniqueEmail();
      const asked = page.waitForResponse((response) => response.url().endsWith('/api/auth/password-reset'));
      await forgotPasswordFromSignIn(page, phone, nobody);
      const field = page.getByLabel('Email Address');
      expect(await field.inputValue()).toBe(nobody);
      await waitForFocus(page, field);
      await expectUsableLayout(page);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await waitForText(page.getByTestId('forgot-password-sent'), sentTo(nobody));
      expect((await asked).status()).toBe(204);
      await page.screenshot({
        path: path.join(SCREENSHOTS_DIR, `forgot-password-sent-${viewport.width}.png`),
        fullPage: true,
      });
      await page.getByRole('link', { name: 'Back to sign in' }).click();
      await waitForText(heading(page), 'Login to Your Account');

      // The account's owner: the same answer, and a mail with the link.
      const answered = page.waitForResponse((response) =>
        response.url().endsWith('/api/auth/password-reset'),
      );
      await forgotPasswordFromSignIn(page, phone, user.email);
      expect(await page.getByLabel('Email Address').inputValue()).toBe(user.email);
      await askForLink(page, user.email);
      expect((await answered).status()).toBe(204);
      const link = await mail().passwordResetLink(user.email);
      expect(link.startsWith(`${baseUrl}/reset-password#token=`)).toBe(true);
      expect(mail().mailsTo(nobody)).toEqual([]);

      const urls: string[] = [];
      page.on('request', (request) => urls.push(request.url()));
      await page.goto(link);
      await waitForText(heading(page), 'Set a New Password');
      const password = page.getByLabel(/^New Password/);
      await waitForFocus(page, password);
      // The token left the address bar, and went to no server in an address.
      await page.waitForURL((url) => url.pathname === '/reset-password' && url.hash === '');
      await expectUsableLayout(page);

      // A mismatch is caught before anything is sent.
      await password.fill(NEW_PASSWORD);
      await page.getByLabel('Confirm New Password').fill(`${NEW_PASSWORD}x`);
      await page.getByLabel('Confirm New Password').press('Enter');
      await waitForText(page.getByText('Passwords do not match'), 'Passwords do not match');

      const confirmed = page.waitForResponse((response) =>
        response.url().endsWith('/api/auth/password-reset/confirm'),
      );
      await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
      await page.getByLabel('Confirm New Password').press('Enter');
      expect((await confirmed).status()).toBe(204);
      await waitForPath(page, '/login');
      await waitForText(page.getByTestId('password-changed'), CHANGED);
      await page.screenshot({
        path: path.join(SCREENSHOTS_DIR, `password-changed-${viewport.width}.png`),
        fullPage: true,
      });
      expect(urls.filter((url) => url.includes(tokenOfLink(link)))).toEqual([]);

      // The old password no longer signs in; the new one does.
      await page.getByLabel('Email Address').fill(user.email);
      await page.getByLabel(/^Password/).fill(user.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await waitForText(page.getByTestId('login-page-error'), 'Failed to sign in: Incorrect password');
      await page.getByLabel(/^Password/).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await waitForPath(page, '/dashboard');
      await waitForText(heading(page), 'Dashboard');

      // The other device's sign-in was revoked: on its next load it is signed out.
      await device.page.reload();
      await waitForPath(device.page, '/login');
      await waitForText(heading(device.page), 'Login to Your Account');

      // The link works once: opened again, it says so and leads to a new one.
      await page.goto(link);
      await waitForText(heading(page), 'Set a New Password');
      await page.getByLabel(/^New Password/).fill('yet-another-password-789');
      await page.getByLabel('Confirm New Password').fill('yet-another-password-789');
      await page.getByRole('button', { name: 'Change Password' }).click();
      const refused = page.getByTestId('reset-password-refused');
      await waitForText(
        refused,
        'This password-reset link was already used. Sign in with your new password, or ask for a new link from "Forgot password?".',
      );
      expect(await refused.getAttribute('role')).toBe('alert');
      await page.screenshot({
        path: path.join(SCREENSHOTS_DIR, `reset-link-used-${viewport.width}.png`),
        fullPage: true,
      });
      await page.getByRole('link', { name: 'Request a new link' }).click();
      await waitForPath(page, '/forgot-password');
      await waitForText(heading(page), 'Forgot Your Password?');
    } finally {
      await device.context.close();
    }
    expect(device.pageErrors).toEqual([]);
  });

  it('says when to try again once an address has asked too often (PASSWORD_RESET_PER_HOUR, 3)', async () => {
    const { page } = opened();
    const email = uniqueEmail();
    await page.goto(`${baseUrl}/forgot-password`);
    await waitForText(heading(page), 'Forgot Your Password?');
    for (let asked = 0; asked < 3; asked += 1) {
      await askForLink(page, email);
      await page.goto(`${baseUrl}/forgot-password`);
      await waitForText(heading(page), 'Forgot Your Password?');
    }
    const field = page.getByLabel('Email Address');
    await field.fill(email);
    await field.press('Enter');
    await waitForText(
      page.getByTestId('forgot-password-error'),
      /^You asked for several password-reset emails\. Try again in \d+ minutes?\.$/,
    );
    expect(await page.getByTestId('forgot-password-sent').count()).toBe(0);
    expect(await field.inputValue()).toBe(email);
  });

  it('asks for the emailed link when /reset-password is opened without one', async () => {
    const { page } = opened();
    await page.goto(`${baseUrl}/reset-password`);
    await waitForText(heading(page), 'Set a New Password');
    await waitForText(
      page.getByTestId('reset-password-refused'),
      'This page needs the link from your password reset email. Open the link in the email, or request a new one.',
    );
    expect(await page.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(await page.getByLabel(/^New Password/).count()).toBe(0);
  });
});
