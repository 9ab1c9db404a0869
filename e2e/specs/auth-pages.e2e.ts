import path from 'node:path';
import type { RegisterRequest } from '@fxrates/domain';
import type { Page } from 'playwright-core';
import {
  E2E_PASSWORD,
  accessTokenOf,
  delayRequests,
  expectTokensOutOfScriptReach,
  heading,
  recordRequests,
  uniqueEmail,
  waitForPath,
} from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { SCREENSHOTS_DIR } from '../support/paths';
import { describedBy, waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();

async function fillRegisterPage(
  page: Page,
  values: { email: string; company?: string; password?: string; confirm?: string },
): Promise<void> {
  const password = values.password ?? E2E_PASSWORD;
  await page.getByLabel('First Name').fill('Grace');
  await page.getByLabel('Last Name').fill('Hopper');
  if (values.company !== undefined) await page.getByLabel('Company Name (optional)').fill(values.company);
  await page.getByLabel('Email Address').fill(values.email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Confirm Password').fill(values.confirm ?? password);
}

/** Opens /register as the pricing page does: through the router, with the plan in its state. */
async function openRegisterWithPlan(page: Page, state: { plan: string; isAnnual: boolean }): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await heading(page).waitFor();
  await page.evaluate((usr) => {
    window.history.pushState({ usr, key: 'e2e', idx: 1 }, '', '/register');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, state);
  await waitForText(heading(page), 'Create Account');
}

describe('the /login and /register pages', () => {
  const opened = usePagePerTest();
  let page: Page;

  beforeEach(() => {
    page = opened().page;
  });

  it('/register creates the account ("Creating Account..." meanwhile) and goes to /dashboard', async () => {
    const { context } = opened();
    await page.goto(`${baseUrl}/register`);
    await waitForText(heading(page), 'Create Account');
    const registerCalls = recordRequests(page, '/api/auth/register');
    await fillRegisterPage(page, { email: uniqueEmail(), company: 'Navy Labs' });
    await delayRequests(page, '/api/auth/register', 600);
    const accessToken = accessTokenOf(page, 'register');

    await page.getByRole('button', { name: 'Create Account' }).click();
    const busy = page.getByRole('button', { name: 'Creating Account...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);

    await waitForPath(page, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
    expect(registerCalls[0].postDataJSON()).toMatchObject<Partial<RegisterRequest>>({
      firstName: 'Grace',
      lastName: 'Hopper',
      company: 'Navy Labs',
    });
    expect(registerCalls[0].postDataJSON()).not.toHaveProperty('plan');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
    await expectTokensOutOfScriptReach(page, context, await accessToken);
  });

  it('/register says "Passwords do not match" at Confirm Password and sends nothing', async () => {
    await page.goto(`${baseUrl}/register`);
    await waitForText(heading(page), 'Create Account');
    const registerCalls = recordRequests(page, '/api/auth/register');
    await fillRegisterPage(page, { email: uniqueEmail(), confirm: `${E2E_PASSWORD}-typo` });

    await page.getByRole('button', { name: 'Create Account' }).click();

    const confirm = page.getByLabel('Confirm Password');
    await waitForText(page.getByRole('alert'), 'Passwords do not match');
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(confirm)).toBe('Passwords do not match');
    expect(registerCalls).toHaveLength(0);
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  it('/register with a paid plan from the pricing page continues to /subscribe with the plan', async () => {
    await openRegisterWithPlan(page, { plan: 'Professional', isAnnual: true });
    const registerCalls = recordRequests(page, '/api/auth/register');
    await fillRegisterPage(page, { email: uniqueEmail() });

    await page.getByRole('button', { name: 'Create Account' }).click();

    await waitForPath(page, '/subscribe');
    await waitForText(heading(page), 'Complete Subscription');
    expect(registerCalls[0].postDataJSON()).toMatchObject({ plan: 'professional' });
    expect(await page.evaluate(() => (window.history.state as { usr?: unknown }).usr)).toEqual({
      plan: 'professional',
      isAnnual: true,
    });
  });

  it('/register with the free plan goes to /dashboard', async () => {
    await openRegisterWithPlan(page, { plan: 'free', isAnnual: false });
    const registerCalls = recordRequests(page, '/api/auth/register');
    await fillRegisterPage(page, { email: uniqueEmail() });

    await page.getByRole('button', { name: 'Create Account' }).click();

    await waitForPath(page, '/dashboard');
    expect(registerCalls[0].postDataJSON()).toMatchObject({ plan: 'free' });
  });

  it('/register: "Passwords do not match" without a request; server errors after "Failed to create account: "', async () => {
    const existing = await given.user();
    await page.goto(`${baseUrl}/register`);
    await waitForText(heading(page), 'Create Account');
    const registerCalls = recordRequests(page, '/api/auth/register');

    await fillRegisterPage(page, { email: uniqueEmail(), confirm: 'something-else' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await waitForText(page.getByRole('alert'), 'Passwords do not match');
    expect(registerCalls).toHaveLength(0);

    await fillRegisterPage(page, { email: existing.email });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await waitForText(
      page.getByRole('alert'),
      'Failed to create account: An account with this email already exists. Would you like to login instead?',
    );
    expect(registerCalls).toHaveLength(1);
  });

  it('/login signs in ("Signing in..." meanwhile) and goes to /dashboard', async () => {
    const user = await given.user();
    await page.goto(`${baseUrl}/login`);
    await waitForText(heading(page), 'Login to Your Account');
    await page.getByLabel('Email Address').fill(user.email);
    await page.getByLabel(/^Password/).fill(user.password);
    await delayRequests(page, '/api/auth/login', 600);

    await page.getByRole('button', { name: 'Sign In' }).click();
    const busy = page.getByRole('button', { name: 'Signing in...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);

    await waitForPath(page, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
  });

  it('/login shows "Failed to sign in: " and the server message, in a red alert above the form', async () => {
    const user = await given.user();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email Address').fill(uniqueEmail());
    await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForText(page.getByRole('alert'), 'Failed to sign in: No account found with this email');

    await page.getByLabel('Email Address').fill(user.email);
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForText(page.getByRole('alert'), 'Failed to sign in: Incorrect password');

    const [alertBox, emailBox] = await Promise.all([
      page.getByRole('alert').boundingBox(),
      page.getByLabel('Email Address').boundingBox(),
    ]);
    expect(alertBox!.y).toBeLessThan(emailBox!.y);
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'login-page-error-1280.png'), fullPage: true });
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it.each(['/dashboard', '/account', '/subscribe'])('sends a visitor from %s to /login', async (path) => {
    await page.goto(`${baseUrl}${path}`);
    await waitForPath(page, '/login');
    await waitForText(heading(page), 'Login to Your Account');
  });
});
