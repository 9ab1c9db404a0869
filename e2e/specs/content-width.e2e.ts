import type { Locator, Page } from 'playwright-core';
import { signedInAsNewUser } from '../support/accounts-ui';
import { PHONE_AND_DESKTOP, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { openProductPage, PUBLIC_PAGES, type ProductPage } from '../support/product-pages';

const { baseUrl } = e2eEnvironment();

/** The sign-in and sign-up forms keep the narrower widths the spec gives them (400 and 600). */
const CONTENT_PAGES: ProductPage[] = [
  ...PUBLIC_PAGES.filter((target) => target.path !== '/login' && target.path !== '/register'),
  { path: '/status', heading: 'System Status' },
];

async function extentOf(locator: Locator): Promise<{ left: number; width: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not drawn');
  return { left: Math.round(box.x), width: Math.round(box.width) };
}

/** The top bar's content, the page's first block of content (the one holding its heading), the footer's. */
async function widths(page: Page) {
  return {
    topBar: await extentOf(page.getByRole('banner').locator('.mantine-Container-root').first()),
    content: await extentOf(
      page
        .locator('.mantine-Container-root')
        .filter({ has: page.getByRole('heading', { level: 1 }) })
        .last(),
    ),
    footer: await extentOf(page.getByTestId('site-footer').locator('.mantine-Container-root').first()),
  };
}

describe.each(PHONE_AND_DESKTOP)('one content width on a $name', ({ viewport }) => {
  const opened = usePagePerTest(viewport);

  it('is shared by the top bar, the footer and the content of every page', async () => {
    const { page } = opened();
    const found: Record<string, Awaited<ReturnType<typeof widths>>> = {};
    for (const target of CONTENT_PAGES) {
      await openProductPage(page, baseUrl, target);
      found[target.path] = await widths(page);
    }
    await signedInAsNewUser(page, baseUrl, '/dashboard');
    for (const target of [
      { path: '/dashboard', heading: 'Dashboard' },
      { path: '/account', heading: 'Account Settings' },
    ]) {
      await openProductPage(page, baseUrl, target);
      found[target.path] = await widths(page);
    }
    const one = found['/pricing'].topBar;
    if (viewport.width >= 1200) expect(one.width).toBe(1140);
    for (const [path, { topBar, content, footer }] of Object.entries(found)) {
      expect({ path, topBar, content, footer }).toEqual({ path, topBar: one, content: one, footer: one });
    }
  }, 90_000);
});
