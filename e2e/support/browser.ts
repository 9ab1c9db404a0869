import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { e2eEnvironment } from './e2e-environment';
import { FAILED_TEST_GLOBAL } from './failed-test';
import { SCREENSHOTS_DIR } from './paths';

let chromiumPath: string | undefined;

/**
 * The machine's Chromium, found by scripts/find-chromium.mjs (CHROMIUM_PATH overrides); a browser is
 * never downloaded. A child process, because chrome-launcher is an ES module jest cannot load.
 */
function findChromium(): string {
  chromiumPath ??= execFileSync(process.execPath, [path.join(__dirname, '../../scripts/find-chromium.mjs')], {
    encoding: 'utf8',
  }).trim();
  return chromiumPath;
}

/** Flags that keep Chromium off the network and quiet in a container (shared with scripts/lighthouse-audit.mjs). */
const CHROMIUM_ARGS: string[] = JSON.parse(
  fs.readFileSync(path.join(__dirname, 'chromium-flags.json'), 'utf8'),
);

export const DESKTOP_VIEWPORT = { width: 1280, height: 900 };
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** The two widths every page is checked at, for `describe.each`: a phone's and a desktop's. */
export const PHONE_AND_DESKTOP = [
  { name: 'phone', viewport: PHONE_VIEWPORT },
  { name: 'desktop', viewport: DESKTOP_VIEWPORT },
];

/**
 * Launches Chromium. Playwright gives every launch a fresh temporary --user-data-dir and
 * removes it on close, so no profile state leaks between runs.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    headless: true,
    // A site's pages share one renderer process: with a page of the product kept open
    // (usePagePerTest), the next test's page finds the product's scripts compiled in it.
    args: [...CHROMIUM_ARGS, '--process-per-site'],
  });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors, to assert that none happened. */
  pageErrors: Error[];
  /**
   * Console messages about the Content-Security-Policy (Chromium writes one for each refusal): the
   * shell is served with the nginx image's policy, and nothing the product does may break it.
   */
  cspMessages: string[];
}

/** A new isolated context (own cookies, storage and HTTP cache) with one page. */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP_VIEWPORT,
): Promise<OpenedPage> {
  return openPageIn(await newContext(browser, viewport));
}

async function newContext(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'UTC' });
  context.setDefaultTimeout(15_000);
  return context;
}

async function openPageIn(context: BrowserContext): Promise<OpenedPage> {
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  const cspMessages: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) cspMessages.push(message.text());
  });
  return { context, page, pageErrors, cspMessages };
}

/**
 * A context for the tests of a describe block, with one page kept open on the product's origin for
 * as long as the context lives: a document with no script (the shell's /config.json), which holds
 * the site's renderer process, with the scripts it compiled, from one test to the next.
 */
async function sharedContext(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; keeper: Page }> {
  const context = await newContext(browser, viewport);
  const keeper = await context.newPage();
  await keeper.goto(`${e2eEnvironment().baseUrl}/config.json`);
  return { context, keeper };
}

/**
 * Leaves a shared context as a visitor's browser is after they signed out and closed the product's
 * tabs, its HTTP cache and compiled scripts aside: no page open but the keeper, no cookie, nothing in
 * any origin's storage, no permission granted, no request intercepted. Checked, so a test never
 * starts with what the one before kept.
 */
async function forgetAllButTheCache(context: BrowserContext, keeper: Page): Promise<void> {
  await Promise.all(
    context
      .pages()
      .filter((page) => page !== keeper)
      .map((page) => page.close()),
  );
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearCookies();
  await context.clearPermissions();
  const { origins } = await context.storageState({ indexedDB: true });
  if (origins.length > 0) {
    const devtools = await context.newCDPSession(keeper);
    for (const { origin } of origins) {
      await devtools.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    }
    await devtools.detach();
  }
  const left = await context.storageState({ indexedDB: true });
  if (left.cookies.length > 0 || left.origins.length > 0) {
    throw new Error(`The browser context kept state between tests: ${JSON.stringify(left)}`);
  }
}

/**
 * The usual lifecycle for a spec file: one Chromium for the file, a new page per test, and after
 * each test the check that the page threw no uncaught error and broke no rule of its
 * Content-Security-Policy. Returns the current test's page.
 *
 * The tests of a describe block share one browser context, and between them it forgets everything
 * but its HTTP cache and the scripts its renderer compiled (cookies, storage, permissions,
 * intercepted routes; `forgetAllButTheCache`): each test starts signed out, as a returning visitor
 * whose browser has the product's scripts ready. A page whose renderer starts cold takes twice the
 * CPU to load (docs/performance.md), most of a browser test's. `freshContext` gives each test a
 * context of its own instead: a first visit (what an empty cache downloads) or a fake clock, which
 * a context keeps.
 */
export function usePagePerTest(
  viewport: { width: number; height: number } = DESKTOP_VIEWPORT,
  { freshContext = false }: { freshContext?: boolean } = {},
): () => OpenedPage {
  let browser: Browser | undefined;
  let shared: { context: BrowserContext; keeper: Page } | undefined;
  let opened: OpenedPage | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('Chromium did not start');
    if (freshContext) opened = await openPage(browser, viewport);
    else {
      shared ??= await sharedContext(browser, viewport);
      opened = await openPageIn(shared.context);
    }
  });
  afterEach(async () => {
    if (!opened) return;
    const { context, page, pageErrors, cspMessages } = opened;
    opened = undefined;
    await keepFailedPage(page);
    if (shared) await forgetAllButTheCache(context, shared.keeper);
    else await context.close();
    expect(pageErrors).toEqual([]);
    expect(cspMessages).toEqual([]);
  });

  return () => {
    if (!opened) throw new Error('No page is open outside a test');
    return opened;
  };
}

/**
 * When the test that just ran failed, saves its page (a screenshot under artifacts/screenshots/failed/)
 * and prints where it was: a failure in CI then shows what the browser showed, not only what the test
 * waited for.
 */
async function keepFailedPage(page: Page): Promise<void> {
  const globals = globalThis as Record<string, unknown>;
  const failed = globals[FAILED_TEST_GLOBAL];
  if (typeof failed !== 'string' || failed !== expect.getState().currentTestName) return;
  globals[FAILED_TEST_GLOBAL] = undefined;
  const file = path.join(
    SCREENSHOTS_DIR,
    'failed',
    `${path.basename(expect.getState().testPath ?? 'spec', '.e2e.ts')}-${failed.replace(/[^A-Za-z0-9-]+/g, '-').slice(0, 120)}.png`,
  );
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const shot = await page.screenshot({ path: file, fullPage: true, timeout: 10_000 }).then(
    () => file,
    (error: Error) => `no screenshot (${error.message.split('\n')[0]})`,
  );
  console.error(`The failed test's page: ${page.url()}\n${shot}`);
}
