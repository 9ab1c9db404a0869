import type { Request, Route } from 'playwright-core';
import { heading, signedInAsNewUser } from '../support/accounts-ui';
import { DESKTOP_VIEWPORT, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import {
  markSet,
  networkQuiet,
  PICKER_PRELOAD_MARK,
  recordScripts,
  requestedSinceMark,
  saveFirstLoadReport,
  totalGzipBytes,
} from '../support/first-load';
import { ConverterPanel } from '../support/home-page';

const { baseUrl } = e2eEnvironment();

const HEADLINE = 'Foreign Exchange Rates Professional';
/**
 * The JavaScript of the landing page's first load, gzipped, in decimal kilobytes as the issue's
 * 472 KB: the target is at most 200 KB (docs/performance.md says where it goes).
 */
const FIRST_LOAD_LIMIT_BYTES = 200_000;

const isApiCall = (url: string) => new URL(url).pathname.startsWith('/api/');

describe('landing page speed', () => {
  // What a first visit downloads: a context of its own per test, its cache empty.
  const opened = usePagePerTest(DESKTOP_VIEWPORT, { freshContext: true });

  it('shows the headline and the converter while every /api call is held unanswered', async () => {
    const { page, context } = opened();
    const held: Route[] = [];
    const answered: string[] = [];
    await context.route(
      (url) => isApiCall(url.href),
      (route) => {
        held.push(route);
      },
    );
    page.on('requestfinished', (request: Request) => {
      if (isApiCall(request.url())) answered.push(request.url());
    });

    await page.goto(`${baseUrl}/`);
    const converter = new ConverterPanel(page);
    await heading(page).filter({ hasText: HEADLINE }).waitFor({ state: 'visible' });
    for (const control of [converter.amount, converter.from, converter.to, converter.convertButton]) {
      await control.waitFor({ state: 'visible' });
    }
    expect(await converter.convertButton.isEnabled()).toBe(true);
    expect(answered).toEqual([]);

    await context.unroute(() => true);
    await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
  });

  it('sends no refresh for a visitor who has never signed in', async () => {
    const { page } = opened();
    const refreshes: string[] = [];
    page.on('request', (request: Request) => {
      if (request.url().endsWith('/api/auth/refresh')) refreshes.push(request.url());
    });
    await new ConverterPanel(page).open(baseUrl);
    await page.waitForLoadState('networkidle');
    expect(refreshes).toEqual([]);
    expect(await page.getByRole('button', { name: 'Login', exact: true }).isVisible()).toBe(true);
  });

  it('starts the session refresh of a signed-in visitor only after the first paint', async () => {
    const { page } = opened();
    await signedInAsNewUser(page, baseUrl, '/dashboard');
    await heading(page).waitFor();

    const refreshAnswered = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
    await page.goto(`${baseUrl}/`);
    expect((await refreshAnswered).status()).toBe(200);
    await page.getByRole('button', { name: 'Logout' }).waitFor();

    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
      refreshStart:
        performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/api/auth/refresh'))
          ?.startTime ?? null,
    }));
    expect(timing.firstPaint).not.toBeNull();
    expect(timing.refreshStart).not.toBeNull();
    expect(timing.refreshStart!).toBeGreaterThan(timing.firstPaint!);
  });

  it('loads at most 200 KB of gzipped JavaScript for / before, idle, it fetches what a click will need', async () => {
    const { page } = opened();
    const recorder = recordScripts(page);
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await new ConverterPanel(page).convertButton.waitFor();
    await markSet(page, PICKER_PRELOAD_MARK);
    await networkQuiet(page);

    const scripts = await recorder.scripts();
    const whenIdle = await requestedSinceMark(page, PICKER_PRELOAD_MARK);
    const firstLoad = scripts.filter((script) => !whenIdle.has(script.url));
    const fetchedWhenIdle = scripts.filter((script) => whenIdle.has(script.url));
    // artifacts/performance/first-load-js.json lists every script with its size.
    saveFirstLoadReport('first-load-js', firstLoad, fetchedWhenIdle);
    // The shell's runtime, React and the landing page at least: a broken measurement is not a pass.
    expect(firstLoad.length).toBeGreaterThan(3);
    // The boundary is real: the picker's code came after it, and it came once the page had painted and loaded.
    expect(fetchedWhenIdle.length).toBeGreaterThan(0);
    const timing = await page.evaluate((mark) => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return {
        preload: performance.getEntriesByName(mark, 'mark')[0]!.startTime,
        firstContentfulPaint:
          performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        loadEventEnd: navigation.loadEventEnd,
      };
    }, PICKER_PRELOAD_MARK);
    expect(timing.preload).toBeGreaterThan(timing.firstContentfulPaint);
    expect(timing.preload).toBeGreaterThanOrEqual(timing.loadEventEnd);

    const total = totalGzipBytes(firstLoad);
    console.log(
      `First-load JavaScript of /: ${total} bytes gzipped (limit ${FIRST_LOAD_LIMIT_BYTES}); ` +
        `then, idle: ${totalGzipBytes(fetchedWhenIdle)} bytes`,
    );
    expect(total).toBeLessThanOrEqual(FIRST_LOAD_LIMIT_BYTES);
  });
});
