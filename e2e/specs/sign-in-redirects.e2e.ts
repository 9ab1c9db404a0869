import type { Page } from 'playwright-core';
import {
  heading,
  pathOf,
  signInOnLoginPage,
  signedInAsNewUser,
  uniqueEmail,
  waitForPath,
} from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();

/** Every request the page makes to evil.example from now on. */
function requestsToEvil(page: Page): string[] {
  const offSite: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname === 'evil.example') offSite.push(request.url());
  });
  return offSite;
}

/** The page ends on this site's /dashboard, having asked evil.example for nothing. */
async function expectOnDashboard(page: Page, offSite: string[]): Promise<void> {
  await waitForPath(page, '/dashboard');
  await waitForText(heading(page), 'Dashboard');
  expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin);
  expect(offSite).toEqual([]);
}

/** Where signing in leads, and the dashboard's greeting of new and returning users. */
describe('sign-in redirects and the welcome', () => {
  const opened = usePagePerTest();

  it.each(['/login', '/register'])('sends a signed-in user visiting %s to /dashboard', async (path) => {
    const { page } = opened();
    await signedInAsNewUser(page, baseUrl, path);
    await waitForPath(page, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
  });

  it('returns a user to the page that sent them to /login once they sign in', async () => {
    const { page } = opened();
    const user = await given.user();
    await page.goto(`${baseUrl}/account`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/account');

    await page.getByLabel('Email Address').fill(user.email);
    await page.getByLabel(/^Password/).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await waitForPath(page, '/account');
    await waitForText(heading(page), 'Account Settings');
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example/phish',
    '/\t/evil.example/phish',
    'javascript:alert(1)',
  ])('never leaves the site for next=%j: it goes to /dashboard instead', async (next) => {
    const { page } = opened();
    const offSite = requestsToEvil(page);
    const user = await given.user();
    await signInOnLoginPage(page, baseUrl, user, `?next=${encodeURIComponent(next)}`);

    await expectOnDashboard(page, offSite);
  });

  it.each([
    '/.//evil.example',
    '/..//evil.example/phish',
    '/%2e//evil.example',
    '/%2F%2Fevil.example',
    '/./\\evil.example',
    '/%5Cevil.example',
  ])('sends a signed-in user visiting /login?next=%j to /dashboard, never a blank page', async (next) => {
    const { page } = opened();
    const offSite = requestsToEvil(page);
    await signedInAsNewUser(page, baseUrl, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
    // A raw value in the address, as a link of an attacker's would carry it.
    await page.goto(`${baseUrl}/login?next=${next}`);

    await expectOnDashboard(page, offSite);
  });

  it('says "Welcome" to a new user, and "Welcome back" once they sign in again', async () => {
    const { page } = opened();
    await page.goto(`${baseUrl}/register`);
    await waitForText(heading(page), 'Create Account');
    const email = uniqueEmail();
    await page.getByLabel('First Name').fill('Grace');
    await page.getByLabel('Last Name').fill('Hopper');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel(/^Password/).fill('e2e-password-123');
    await page.getByLabel('Confirm Password').fill('e2e-password-123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await waitForPath(page, '/dashboard');
    const welcome = page.getByRole('heading', { level: 2, name: /^Welcome/ });
    await waitForText(welcome, 'Welcome, Grace Hopper!');

    // Still new after a reload (the sign-up's session, refreshed).
    await page.reload();
    await waitForText(welcome, 'Welcome, Grace Hopper!');

    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');
    await signInOnLoginPage(page, baseUrl, { email, password: 'e2e-password-123' });
    await waitForPath(page, '/dashboard');
    await waitForText(welcome, 'Welcome back, Grace Hopper!');
    expect(pathOf(page)).toBe('/dashboard');
  });
});
