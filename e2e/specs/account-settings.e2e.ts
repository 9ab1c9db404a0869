import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import {
  E2E_PASSWORD,
  heading,
  recordRequests,
  signInOnLoginPage,
  signedInAsNewUser,
  uniqueEmail,
  waitForPath,
} from '../support/accounts-ui';
import { seriousAxeViolations, unlabelledFields } from '../support/axe';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { horizontalOverflows } from '../support/layout-checks';
import { SCREENSHOTS_DIR } from '../support/paths';
import { routeRecaptchaStandIn } from '../support/recaptcha-stand-in';
import { describedBy, waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();

const NEW_PASSWORD = 'a-changed-password-456';
const PASSWORD_CHANGED = 'Your password was changed. Other sessions were signed out.';

/** No serious axe violation, no unlabelled field, nothing wider than the screen. */
async function expectUsableLayout(page: Page): Promise<void> {
  expect({
    axe: await seriousAxeViolations(page),
    unlabelled: await unlabelledFields(page),
    overflows: await horizontalOverflows(page),
  }).toEqual({ axe: [], unlabelled: [], overflows: [] });
}

/** The account page's sections, found by their headings as assistive technology finds them. */
function profileSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Profile' });
}

function passwordSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Change Password' });
}

/** The account card's heading: the account's display name. */
function displayNameHeading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 2, name, exact: true });
}

async function openAccountPage(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/account`);
  await waitForText(heading(page), 'Account Settings');
  await profileSection(page)
    .getByLabel(/^First Name/)
    .waitFor();
}

async function profileValues(page: Page): Promise<Record<string, string>> {
  const profile = profileSection(page);
  return {
    firstName: await profile.getByLabel(/^First Name/).inputValue(),
    lastName: await profile.getByLabel(/^Last Name/).inputValue(),
    company: await profile.getByLabel('Company Name (optional)').inputValue(),
  };
}

describe.each([
  { name: 'desktop', viewport: DESKTOP_VIEWPORT },
  { name: 'phone', viewport: PHONE_VIEWPORT },
])('the account settings at $viewport.width px ($name)', ({ name, viewport }) => {
  const opened = usePagePerTest(viewport);
  const phone = name === 'phone';

  it('edits the profile: checked, trimmed, saved, named everywhere at once and after a reload', async () => {
    const { page } = opened();
    // The contact page, visited below, loads Google's reCAPTCHA script: answered here, off the network.
    await routeRecaptchaStandIn(page);
    await signedInAsNewUser(page, baseUrl, '/account');
    await waitForText(heading(page), 'Account Settings');
    const profile = profileSection(page);
    const save = profile.getByRole('button', { name: 'Save' });
    await displayNameHeading(page, 'Eve Tester').waitFor();
    expect(await profileValues(page)).toEqual({ firstName: 'Eve', lastName: 'Tester', company: '' });
    expect(await save.isDisabled()).toBe(true);

    // Spaces alone change nothing; an emptied name is caught before anything is sent.
    const sent = recordRequests(page, '/api/account');
    const firstName = profile.getByLabel(/^First Name/);
    await firstName.fill(' Eve ');
    expect(await save.isDisabled()).toBe(true);
    await firstName.fill('   ');
    await save.click();
    await waitForText(profile.getByText('First name is required.'), 'First name is required.');
    expect(await describedBy(firstName)).toContain('First name is required.');
    await expectUsableLayout(page);
    expect(sent.filter((request) => request.method() === 'PATCH')).toEqual([]);

    await firstName.fill('  Ada ');
    await profile.getByLabel(/^Last Name/).fill('Lovelace ');
    await profile.getByLabel('Company Name (optional)').fill(' Analytical Engines Ltd ');
    const patched = page.waitForResponse(
      (response) => response.url().endsWith('/api/account') && response.request().method() === 'PATCH',
    );
    // After the save the page reads the signed-in user again, for the name other pages show.
    const userReadAgain = page.waitForResponse((response) => response.url().endsWith('/api/auth/me'));
    await save.click();
    expect((await patched).status()).toBe(200);
    expect(sent.filter((request) => request.method() === 'PATCH').map((r) => r.postDataJSON())).toEqual([
      { firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines Ltd' },
    ]);
    await waitForText(profile.getByTestId('profile-saved'), 'Your profile was saved.');
    await displayNameHeading(page, 'Ada Lovelace').waitFor();
    expect(await profileValues(page)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines Ltd',
    });
    expect(await save.isDisabled()).toBe(true);
    await expectUsableLayout(page);
    await page.screenshot({
      path: path.join(SCREENSHOTS_DIR, `account-profile-saved-${viewport.width}.png`),
      fullPage: true,
    });

    // The signed-in user was read again: the contact form, reached without a reload, has the new name.
    expect((await userReadAgain).status()).toBe(200);
    await page.getByTestId('site-footer').getByRole('link', { name: 'Contact Us' }).click();
    await waitForText(heading(page), 'Contact Us');
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Ada Lovelace');

    // Stored: after a reload the account page and the dashboard's welcome say the new name.
    await openAccountPage(page);
    await displayNameHeading(page, 'Ada Lovelace').waitFor();
    expect(await profileValues(page)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines Ltd',
    });
    await page.goto(`${baseUrl}/dashboard`);
    await waitForText(heading(page), 'Dashboard');
    await waitForText(
      page.getByRole('heading', { level: 2, name: /^Welcome/ }),
      'Welcome back, Ada Lovelace!',
    );

    // Emptying the company removes it.
    await openAccountPage(page);
    await profile.getByLabel('Company Name (optional)').fill('');
    await save.click();
    await waitForText(profile.getByTestId('profile-saved'), 'Your profile was saved.');
    await openAccountPage(page);
    expect((await profileValues(page)).company).toBe('');
  });

  it(`stores the business name typed at registration (the ${phone ? 'register page' : 'Create Account dialog'})`, async () => {
    const { page } = opened();
    const email = uniqueEmail();
    let form: Locator;
    let companyLabel: string;
    if (phone) {
      // The burger menu's Register is the /register page, whose field is "Company Name (optional)".
      await page.goto(`${baseUrl}/register`);
      await waitForText(heading(page), 'Create Account');
      form = page.locator('main');
      companyLabel = 'Company Name (optional)';
    } else {
      await page.goto(`${baseUrl}/`);
      await heading(page).waitFor();
      await page.getByRole('banner').getByRole('button', { name: 'Register' }).click();
      form = page.getByRole('dialog', { name: 'Create Account' });
      await form.waitFor();
      companyLabel = 'Business Name (Optional)';
    }
    await form.getByLabel('First Name').fill('Grace');
    await form.getByLabel('Last Name').fill('Hopper');
    await form.getByLabel(companyLabel).fill('Eckert-Mauchly Computer Corporation');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Password/).fill(E2E_PASSWORD);
    await form.getByLabel('Confirm Password').fill(E2E_PASSWORD);
    await form.getByRole('button', { name: phone ? 'Create Account' : 'Register' }).click();
    await waitForPath(page, '/dashboard');
    await waitForText(heading(page), 'Dashboard');

    await openAccountPage(page);
    await displayNameHeading(page, 'Grace Hopper').waitFor();
    expect(await profileValues(page)).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      company: 'Eckert-Mauchly Computer Corporation',
    });
  });

  it('changes the password: the current one checked, other sessions signed out, this one kept', async () => {
    const { page, context } = opened();
    const user = await signedInAsNewUser(page, baseUrl, '/account');
    await waitForText(heading(page), 'Account Settings');

    // The same account signed in on "another device": the change must end that sign-in.
    const browser = context.browser();
    if (!browser) throw new Error('The page has no browser');
    const device = await openPage(browser, viewport);
    try {
      await signInOnLoginPage(device.page, baseUrl, user);
      await waitForPath(device.page, '/dashboard');
      await waitForText(heading(device.page), 'Dashboard');

      const section = passwordSection(page);
      const current = section.getByLabel(/^Current Password/);
      const password = section.getByLabel(/^New Password/);
      const confirm = section.getByLabel(/^Confirm New Password/);
      const submit = section.getByRole('button', { name: 'Change Password' });
      expect(await current.getAttribute('autocomplete')).toBe('current-password');
      expect(await password.getAttribute('autocomplete')).toBe('new-password');

      // A mismatch is caught before anything is sent.
      const sent = recordRequests(page, '/api/auth/password');
      await current.fill(E2E_PASSWORD);
      await password.fill(NEW_PASSWORD);
      await confirm.fill(`${NEW_PASSWORD}x`);
      await submit.click();
      await waitForText(section.getByText('Passwords do not match'), 'Passwords do not match');
      expect(sent).toEqual([]);

      // A wrong current password: the API's words under that field, and nothing changed.
      await current.fill('not-my-password');
      await confirm.fill(NEW_PASSWORD);
      const refused = page.waitForResponse((response) => response.url().endsWith('/api/auth/password'));
      await submit.click();
      expect((await refused).status()).toBe(400);
      await waitForText(
        section.getByText('Your current password is not correct.'),
        'Your current password is not correct.',
      );
      expect(await describedBy(current)).toContain('Your current password is not correct.');
      expect(await current.getAttribute('aria-invalid')).toBe('true');
      await expectUsableLayout(page);

      await current.fill(E2E_PASSWORD);
      const changed = page.waitForResponse((response) => response.url().endsWith('/api/auth/password'));
      await submit.click();
      expect((await changed).status()).toBe(204);
      await waitForText(section.getByTestId('password-changed'), PASSWORD_CHANGED);
      expect(await section.getByTestId('password-changed').getAttribute('role')).toBe('status');
      expect([await current.inputValue(), await password.inputValue(), await confirm.inputValue()]).toEqual([
        '',
        '',
        '',
      ]);
      await expectUsableLayout(page);
      await page.screenshot({
        path: path.join(SCREENSHOTS_DIR, `account-password-changed-${viewport.width}.png`),
        fullPage: true,
      });

      // This sign-in stays: a reload refreshes it and the page is still the account's.
      await page.reload();
      await waitForText(heading(page), 'Account Settings');
      await displayNameHeading(page, 'Eve Tester').waitFor();

      // The other device's sign-in was ended: its refresh is refused and it lands on /login.
      const deviceRefresh = device.page.waitForResponse((response) =>
        response.url().endsWith('/api/auth/refresh'),
      );
      await device.page.reload();
      expect((await deviceRefresh).status()).toBe(401);
      await waitForPath(device.page, '/login');
      await waitForText(heading(device.page), 'Login to Your Account');

      // The old password no longer signs in; the new one does.
      await device.page.getByLabel('Email Address').fill(user.email);
      await device.page.getByLabel(/^Password/).fill(user.password);
      await device.page.getByRole('button', { name: 'Sign In' }).click();
      await waitForText(device.page.getByTestId('login-page-error'), 'Failed to sign in: Incorrect password');
      await device.page.getByLabel(/^Password/).fill(NEW_PASSWORD);
      await device.page.getByRole('button', { name: 'Sign In' }).click();
      await waitForPath(device.page, '/dashboard');
      await waitForText(heading(device.page), 'Dashboard');
    } finally {
      await device.context.close();
    }
    expect(device.pageErrors).toEqual([]);
  });
});
