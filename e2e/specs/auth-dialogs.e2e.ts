import path from 'node:path';
import { EXISTING_EMAIL_REDIRECT_MS, type RegisterRequest } from '@fxrates/domain';
import type { Locator, Page } from 'playwright-core';
import {
  E2E_PASSWORD,
  accessTokenOf,
  delayRequests,
  expectTokensOutOfScriptReach,
  heading,
  pathOf,
  recordRequests,
  uniqueEmail,
  waitForPath,
} from '../support/accounts-ui';
import { DESKTOP_VIEWPORT, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { ConverterPanel } from '../support/home-page';
import { SCREENSHOTS_DIR } from '../support/paths';
import { describedBy, textsOf, waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();

function banner(page: Page) {
  return page.getByRole('banner');
}

function loginDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Login' });
}

function registerDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Create Account' });
}

async function openLoginDialog(page: Page): Promise<Locator> {
  await banner(page).getByRole('button', { name: 'Login' }).click();
  const dialog = loginDialog(page);
  await dialog.waitFor();
  return dialog;
}

async function openRegisterDialog(page: Page): Promise<Locator> {
  await banner(page).getByRole('button', { name: 'Register' }).click();
  const dialog = registerDialog(page);
  await dialog.waitFor();
  return dialog;
}

async function fillLogin(dialog: Locator, email: string, password: string): Promise<void> {
  await dialog.getByLabel('Email Address').fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
}

async function fillRegister(
  dialog: Locator,
  values: {
    firstName: string;
    lastName: string;
    business?: string;
    email: string;
    password: string;
    confirm?: string;
  },
): Promise<void> {
  await dialog.getByLabel('First Name').fill(values.firstName);
  await dialog.getByLabel('Last Name').fill(values.lastName);
  if (values.business !== undefined)
    await dialog.getByLabel('Business Name (Optional)').fill(values.business);
  await dialog.getByLabel(/^Email/).fill(values.email);
  await dialog.getByLabel(/^Password/).fill(values.password);
  await dialog.getByLabel('Confirm Password').fill(values.confirm ?? values.password);
}

async function expectSignedInTopBar(page: Page): Promise<void> {
  const account = banner(page).getByRole('navigation', { name: 'Your account' });
  await account.waitFor();
  expect(await textsOf(account.getByRole('link'))).toEqual(['Dashboard', 'Account']);
  expect(await account.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
  expect(await banner(page).getByRole('button', { name: 'Login' }).count()).toBe(0);
  expect(await banner(page).getByRole('button', { name: 'Register' }).count()).toBe(0);
}

async function expectSignedOutTopBar(page: Page): Promise<void> {
  await banner(page).getByRole('button', { name: 'Login' }).waitFor();
  expect(await banner(page).getByRole('button', { name: 'Register' }).isVisible()).toBe(true);
  expect(await banner(page).getByRole('button', { name: 'Logout' }).count()).toBe(0);
}

describe('the Login and Create Account dialogs', () => {
  const opened = usePagePerTest();
  let page: Page;

  beforeEach(async () => {
    page = opened().page;
    await page.goto(`${baseUrl}/`);
    await heading(page).waitFor();
  });

  it('registers through the dialog, lands on /dashboard signed in, survives a reload, and logs out', async () => {
    const { context } = opened();
    const email = uniqueEmail();
    const registerCalls = recordRequests(page, '/api/auth/register');
    const dialog = await openRegisterDialog(page);
    expect(await dialog.getByLabel(/^Email/).getAttribute('type')).toBe('email');
    await fillRegister(dialog, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      business: 'Analytical Engines Ltd',
      email,
      password: E2E_PASSWORD,
    });
    const accessToken = accessTokenOf(page, 'register');
    await dialog.getByRole('button', { name: 'Register' }).click();

    await waitForPath(page, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
    await dialog.waitFor({ state: 'hidden' });
    await expectSignedInTopBar(page);
    // Business Name is sent as the company (docs/decisions.md, "The register dialog's Business Name is the company").
    expect(registerCalls).toHaveLength(1);
    expect(registerCalls[0].postDataJSON()).toMatchObject<Partial<RegisterRequest>>({
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines Ltd',
      email,
    });
    await expectTokensOutOfScriptReach(page, context, await accessToken);

    // The refresh cookie restores the session after a reload; the new token stays in memory too.
    const refreshedToken = accessTokenOf(page, 'refresh');
    await page.reload();
    await waitForText(heading(page), 'Dashboard');
    await expectSignedInTopBar(page);
    await expectTokensOutOfScriptReach(page, context, await refreshedToken);

    // The converter accepts the signed-in user's Bearer token.
    await banner(page).getByRole('link', { name: 'Home' }).click();
    const converter = new ConverterPanel(page);
    await converter.convertButton.click();
    await waitForText(converter.result, /^1\.0000 USD = [\d.]+ EUR$/);

    await banner(page).getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');
    await expectSignedOutTopBar(page);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('fxrates_refresh');

    // Signed out for good: a reload does not bring the user back, /dashboard sends to /login.
    await page.goto(`${baseUrl}/dashboard`);
    await waitForPath(page, '/login');
    await waitForText(heading(page), 'Login to Your Account');
  });

  it('signs in through the Login dialog (Login disabled while submitting) and goes to /dashboard', async () => {
    const user = await given.user();
    const dialog = await openLoginDialog(page);
    await fillLogin(dialog, user.email, user.password);
    await delayRequests(page, '/api/auth/login', 600);
    const login = dialog.getByRole('button', { name: 'Login' });

    await login.click();
    expect(await login.isDisabled()).toBe(true);

    await waitForPath(page, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
    await expectSignedInTopBar(page);
  });

  it.each([
    [
      'an unknown email',
      () => Promise.resolve(uniqueEmail()),
      E2E_PASSWORD,
      'No account found with this email',
    ],
    ['a wrong password', async () => (await given.user()).email, 'not-the-password', 'Incorrect password'],
    ['an invalid email', () => Promise.resolve('not-an-email'), E2E_PASSWORD, 'Invalid email format'],
  ])('shows the spec text for %s', async (_case, email, password, text) => {
    const dialog = await openLoginDialog(page);
    await fillLogin(dialog, await email(), password);
    await dialog.getByRole('button', { name: 'Login' }).click();

    await waitForText(dialog.getByRole('alert'), text);
    expect(await dialog.getByRole('button', { name: 'Login' }).isEnabled()).toBe(true);
    expect(pathOf(page)).toBe('/');
  });

  it('clears the fields and the error when the Login dialog is closed', async () => {
    let dialog = await openLoginDialog(page);
    await fillLogin(dialog, uniqueEmail(), E2E_PASSWORD);
    await dialog.getByRole('button', { name: 'Login' }).click();
    await waitForText(dialog.getByRole('alert'), 'No account found with this email');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    dialog = await openLoginDialog(page);

    expect(await dialog.getByLabel('Email Address').inputValue()).toBe('');
    expect(await dialog.getByLabel(/^Password/).inputValue()).toBe('');
    expect(await dialog.getByRole('alert').count()).toBe(0);
  });

  it('says "Passwords do not match" without sending anything, and clears on closing', async () => {
    const registerCalls = recordRequests(page, '/api/auth/register');
    let dialog = await openRegisterDialog(page);
    await fillRegister(dialog, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: uniqueEmail(),
      password: E2E_PASSWORD,
      confirm: `${E2E_PASSWORD}-typo`,
    });
    await dialog.getByRole('button', { name: 'Register' }).click();

    await waitForText(dialog.getByRole('alert'), 'Passwords do not match');
    expect(registerCalls).toHaveLength(0);
    // Said at the field it concerns, which it describes; correcting the field clears it.
    const confirm = dialog.getByLabel('Confirm Password');
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(confirm)).toBe('Passwords do not match');
    await confirm.fill(E2E_PASSWORD);
    expect(await dialog.getByText('Passwords do not match').count()).toBe(0);
    expect(await confirm.getAttribute('aria-invalid')).toBeNull();

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    dialog = await openRegisterDialog(page);
    expect(await dialog.getByLabel('First Name').inputValue()).toBe('');
    expect(await dialog.getByRole('alert').count()).toBe(0);
  });

  it('shows the server texts for a weak password and an invalid email', async () => {
    const dialog = await openRegisterDialog(page);
    await fillRegister(dialog, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: uniqueEmail(),
      password: '12345',
    });
    await dialog.getByRole('button', { name: 'Register' }).click();
    await waitForText(dialog.getByRole('alert'), 'Password should be at least 6 characters');

    // "ada@localhost" passes the browser's email check but not the server's.
    await dialog.getByLabel(/^Email/).fill('ada@localhost');
    await dialog.getByLabel(/^Password/).fill(E2E_PASSWORD);
    await dialog.getByLabel('Confirm Password').fill(E2E_PASSWORD);
    await dialog.getByRole('button', { name: 'Register' }).click();
    await waitForText(dialog.getByRole('alert'), 'Invalid email address');
  });

  it('shows a spinner instead of the Register label while submitting', async () => {
    const dialog = await openRegisterDialog(page);
    await fillRegister(dialog, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: uniqueEmail(),
      password: E2E_PASSWORD,
    });
    await delayRequests(page, '/api/auth/register', 800);
    const register = dialog.getByRole('button', { name: 'Register' });

    await register.click();

    expect(await register.getAttribute('data-loading')).toBe('true');
    expect(await register.locator('.mantine-Button-loader').isVisible()).toBe(true);
    expect(await register.isDisabled()).toBe(true);
    await waitForPath(page, '/dashboard');
  });
});

// A fake clock stays installed on its browser context: this test has a context of its own.
describe('the Create Account dialog, on a fake clock', () => {
  const opened = usePagePerTest(DESKTOP_VIEWPORT, { freshContext: true });
  let page: Page;

  beforeEach(() => {
    page = opened().page;
  });

  it('for an email already registered: says so, then after 3 s switches to the Login dialog', async () => {
    // The page's timers on Playwright's clock, installed before its scripts run (a fresh load): the
    // 3 s are the clock's, passed by the test, not waited for. It runs with real time until paused.
    await page.clock.install();
    await page.goto(`${baseUrl}/`);
    await heading(page).waitFor();
    const existing = await given.user();
    const dialog = await openRegisterDialog(page);
    await fillRegister(dialog, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: existing.email.toUpperCase(),
      password: E2E_PASSWORD,
    });
    // Time stands still (a second on: pausing is at a time to come) from before the refusal arrives,
    // so the switch's timer starts at a known tick.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await dialog.getByRole('button', { name: 'Register' }).click();

    await waitForText(
      dialog.getByRole('alert'),
      'An account with this email already exists. Would you like to login instead?',
    );
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'register-dialog-email-exists-1280.png') });
    await page.clock.runFor(EXISTING_EMAIL_REDIRECT_MS - 1);
    expect(await dialog.isVisible()).toBe(true);
    expect(await loginDialog(page).count()).toBe(0);

    // The 3,000th ms fires the switch. Then time runs again: what follows (the Login dialog's code,
    // fetched on its first opening; React's commit of it; Mantine's transitions, on animation frames
    // and timeouts) needs the page's timers.
    await page.clock.runFor(1);
    await page.clock.resume();
    await loginDialog(page).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await loginDialog(page).getByLabel('Email Address').inputValue()).toBe(
      existing.email.toUpperCase(),
    );
    expect(await loginDialog(page).getByRole('alert').count()).toBe(0);
  });
});
