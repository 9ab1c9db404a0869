import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { heading, signInOnLoginPage, signedInAsNewUser, waitForPath } from '../support/accounts-ui';
import { PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { SCREENSHOTS_DIR } from '../support/paths';
import { waitForText } from '../support/texts';
import { expectUsableLayout } from '../support/usable-layout';

const { baseUrl } = e2eEnvironment();

const yourData = (page: Page) => page.getByRole('region', { name: 'Your data' });
const deleteSection = (page: Page) => page.getByRole('region', { name: 'Delete account' });

/** In the browser: "Export my data" and "Delete account" on the account page. */
describe.each(PHONE_AND_DESKTOP)('your data at $viewport.width px ($name)', ({ viewport }) => {
  const opened = usePagePerTest(viewport);

  it('downloads the account data as JSON holding the user’s email', async () => {
    const { page } = opened();
    const user = await signedInAsNewUser(page, baseUrl, '/account');
    await waitForText(heading(page), 'Account Settings');
    await yourData(page).waitFor();
    await expectUsableLayout(page);

    const downloading = page.waitForEvent('download');
    await yourData(page).getByRole('button', { name: 'Export my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`fxrates-export-${new Date().toISOString().slice(0, 10)}.json`);
    const file = JSON.parse(await fs.readFile((await download.path())!, 'utf8')) as {
      format: string;
      profile: { email: string; firstName: string };
      apiKeys: unknown[];
    };
    expect(file.format).toBe('fxrates-account-export/1');
    expect(file.profile).toMatchObject({ email: user.email, firstName: 'Eve' });
    expect(JSON.stringify(file)).not.toMatch(/passwordHash|keyHash|tokenHash/);
    await waitForText(yourData(page).getByTestId('export-done'), 'Your data was downloaded.');
  });

  it('deletes the account with the right password only, then signs out to the home page', async () => {
    const { page } = opened();
    const user = await signedInAsNewUser(page, baseUrl, '/account');
    await waitForText(heading(page), 'Account Settings');
    await deleteSection(page).getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await expectUsableLayout(page);
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `delete-account-${viewport.width}.png`) });

    await dialog.getByLabel(/^Password/).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await waitForText(dialog.getByRole('alert'), 'Your current password is not correct.');

    await dialog.getByLabel(/^Password/).fill(user.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await waitForPath(page, '/');
    await waitForText(
      page.getByTestId('account-deleted'),
      'Your account was deleted. Your subscription was cancelled, your API keys no longer work and a confirmation is on its way to your email address.',
    );
    await expectUsableLayout(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Account' }).count()).resolves.toBe(0);

    // The old credentials sign in to nothing.
    await signInOnLoginPage(page, baseUrl, user);
    await waitForText(page.getByRole('alert'), 'Failed to sign in: No account found with this email');
  });
});
