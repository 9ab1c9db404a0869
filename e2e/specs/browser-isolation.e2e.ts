import type { Page } from 'playwright-core';
import { REFRESH_COOKIE, signedInAsNewUser } from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';

const { baseUrl } = e2eEnvironment();

/**
 * The harness itself: the tests of a describe block share a browser context (usePagePerTest), and
 * each must start as the first did, signed out with nothing stored, nothing granted and nothing
 * intercepted. The first test leaves all of that behind; the second finds none of it. (Jest runs a
 * file's tests in order.)
 */
describe('tests sharing a browser context', () => {
  const opened = usePagePerTest();
  const routedPath = '/browser-isolation-routed';

  it('one test signs in, stores, grants, intercepts and leaves a second page open', async () => {
    const { page, context } = opened();
    await signedInAsNewUser(page, baseUrl, '/dashboard');
    await page.evaluate(() => {
      localStorage.setItem('left-behind', 'local');
      sessionStorage.setItem('left-behind', 'session');
    });
    await context.grantPermissions(['clipboard-read'], { origin: baseUrl });
    await context.route(`**${routedPath}`, (route) => route.fulfill({ status: 299, body: 'intercepted' }));
    const second = await context.newPage();
    await second.goto(`${baseUrl}/pricing`);

    expect((await context.cookies()).map((cookie) => cookie.name)).toContain(REFRESH_COOKIE);
    expect(await page.evaluate(async (path) => (await fetch(path)).status, routedPath)).toBe(299);
    expect(await permissionOf(page)).toBe('granted');
  });

  it('the next test starts signed out, with nothing stored, granted or intercepted', async () => {
    const { page, context } = opened();
    expect(await context.cookies()).toEqual([]);
    expect(context.pages().filter((open) => open !== page && open.url().endsWith('/pricing'))).toEqual([]);

    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(
      await page.evaluate(() => [localStorage.getItem('left-behind'), sessionStorage.getItem('left-behind')]),
    ).toEqual([null, null]);
    expect(await page.evaluate(async (path) => (await fetch(path)).status, routedPath)).not.toBe(299);
    expect(await permissionOf(page)).not.toBe('granted');
  });
});

async function permissionOf(page: Page): Promise<string> {
  return page.evaluate(
    async () => (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state,
  );
}
