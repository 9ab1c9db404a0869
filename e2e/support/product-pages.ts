import type { Page } from 'playwright-core';
import { signedInAsNewUser } from './accounts-ui';
import { settle } from './layout-checks';
import { waitForText } from './texts';

/** A page of the spec's route table, and the heading it shows once rendered. */
export interface ProductPage {
  path: string;
  heading: string;
}

/** Every public route of the spec's route table. */
export const PUBLIC_PAGES: ProductPage[] = [
  { path: '/', heading: 'Foreign Exchange Rates Professional' },
  { path: '/login', heading: 'Login to Your Account' },
  { path: '/register', heading: 'Create Account' },
  { path: '/pricing', heading: 'Pricing' },
  { path: '/docs', heading: 'API Documentation' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
];

/**
 * What a signed-in user sees: the login-required routes, and the public pages whose top bar and
 * contents change with a user (/login and /register send a signed-in user on).
 */
export const SIGNED_IN_PAGES: ProductPage[] = [
  ...PUBLIC_PAGES.filter((target) => target.path !== '/login' && target.path !== '/register'),
  { path: '/account', heading: 'Account Settings' },
  { path: '/subscribe', heading: 'Complete Subscription' },
  { path: '/dashboard/webhooks', heading: 'Webhooks' },
  { path: '/dashboard/alerts', heading: 'Rate alerts' },
  { path: '/dashboard', heading: 'Dashboard' },
];

/** The dashboard's tabs, and the API Keys tab's own two. */
export const DASHBOARD_VIEWS = [
  'Overview',
  'API Keys: Active Keys',
  'API Keys: Disabled Keys',
  'Usage Stats',
];

/** Opens the page, waits for its heading, then until it is quiet. */
export async function openProductPage(page: Page, baseUrl: string, target: ProductPage): Promise<void> {
  await page.goto(`${baseUrl}${target.path}`);
  await waitForText(page.getByRole('heading', { level: 1 }), target.heading);
  await settle(page);
}

/** Shows one of DASHBOARD_VIEWS on /dashboard. */
export async function showDashboardView(page: Page, view: string): Promise<void> {
  const [tab, subTab] = view.split(': ');
  await page.getByRole('tab', { name: tab, exact: true }).click();
  if (subTab) await page.getByRole('tab', { name: subTab, exact: true }).click();
  await settle(page);
}

/**
 * Signs a new user in (signedInAsNewUser) and gives them one active and one disabled key, through
 * the dashboard, so that the keys' lists have rows to show. Leaves the page on /dashboard.
 */
export async function signedInWithKeys(page: Page, baseUrl: string): Promise<void> {
  await signedInAsNewUser(page, baseUrl, '/dashboard');
  await waitForText(page.getByRole('heading', { level: 1 }), 'Dashboard');
  await page.getByRole('tab', { name: 'API Keys', exact: true }).click();
  for (const name of ['Production server', 'Old staging key']) {
    await page.getByRole('button', { name: 'Create New Key' }).click();
    await page.getByRole('textbox', { name: 'Key name' }).fill(name);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByTestId('new-key').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: "I've copied it" }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }
  await page
    .getByTestId('key-row')
    .filter({ hasText: 'Old staging key' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByTestId('key-row').filter({ hasText: 'Old staging key' }).waitFor({ state: 'detached' });
}

/**
 * Signs a new user in (with keys), opens each of SIGNED_IN_PAGES and then each of DASHBOARD_VIEWS,
 * and runs `check` on each. Returns what `check` found, by page, for the pages where it found any.
 */
export async function checkEverySignedInView<T>(
  page: Page,
  baseUrl: string,
  check: () => Promise<T[]>,
): Promise<Record<string, T[]>> {
  await signedInWithKeys(page, baseUrl);
  const found: Record<string, T[]> = {};
  const record = async (name: string) => {
    const problems = await check();
    if (problems.length > 0) found[name] = problems;
  };
  for (const target of SIGNED_IN_PAGES) {
    await openProductPage(page, baseUrl, target);
    await record(target.path);
  }
  // The last page opened is the dashboard.
  for (const view of DASHBOARD_VIEWS) {
    await showDashboardView(page, view);
    await record(`/dashboard (${view})`);
  }
  return found;
}
