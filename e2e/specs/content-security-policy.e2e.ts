import type { Page } from 'playwright-core';
import { configOrigins, pageCsp } from '../../scripts/page-csp.cjs';
import { heading, signedInAsNewUser, waitForPath } from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { settle } from '../support/layout-checks';
import { DASHBOARD_VIEWS, showDashboardView } from '../support/product-pages';
import { routePayPalSdkStandIn } from '../support/paypal-sdk-stand-in';
import { waitForText } from '../support/texts';

/**
 * The product under the Content-Security-Policy of the nginx image. serve-web sends
 * the policy of deploy/nginx/templates/fxrates.conf.template with the remotes' origins of this
 * setup as its CSP_EXTRA_SOURCES (as compose does); every page is loaded under it and must report
 * no violation, with each remote rendered. deploy/test/shell-csp.spec.ts checks that each shipped
 * deployment's /config.json is allowed by its policy.
 */
const { baseUrl, paypalUrl } = e2eEnvironment();

interface RuntimeConfig {
  apiBaseUrl: string;
  paypalSdkUrl?: string;
  remotes: Record<'marketing' | 'dashboard' | 'billing', string>;
}

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/**
 * What the page reports about the policy from now on, across navigations: each
 * `securitypolicyviolation` event, and each console message that names the policy (Chromium writes
 * one for every refusal).
 */
async function watchCsp(page: Page) {
  const violations: Violation[] = [];
  const messages: string[] = [];
  let firstViolation: () => void = () => undefined;
  const reported = new Promise<void>((resolve) => (firstViolation = resolve));
  await page.exposeBinding('__fxratesCspViolation', (_source, violation: Violation) => {
    violations.push(violation);
    firstViolation();
  });
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { __fxratesCspViolation: (v: Violation) => void })
          .__fxratesCspViolation;
        report({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          source: `${event.sourceFile}:${event.lineNumber}`,
        });
      },
      true,
    );
  });
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text()))
      messages.push(`${message.type()}: ${message.text()}`);
  });
  return { violations, messages, reported };
}

/** The scripts the page loads from each remote's origin. */
function recordRemoteScripts(page: Page, config: RuntimeConfig): Record<string, string[]> {
  const loaded: Record<string, string[]> = { marketing: [], dashboard: [], billing: [] };
  const origins = Object.entries(config.remotes).map(([remote, url]) => [
    remote,
    new URL(url, baseUrl).origin,
  ]);
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    const url = new URL(response.url());
    for (const [remote, origin] of origins) if (url.origin === origin) loaded[remote].push(url.pathname);
  });
  return loaded;
}

/** A remote rendered: its exposed App chunk ran (loaded from its origin) and no error panel shows. */
async function expectRendered(page: Page, loaded: Record<string, string[]>, remote: string): Promise<void> {
  expect([remote, loaded[remote]]).toEqual([
    remote,
    expect.arrayContaining([
      '/remoteEntry.js',
      expect.stringMatching(/^\/__federation_expose_App\.[0-9a-f]{8}\.js$/),
    ]),
  ]);
  expect(await page.getByTestId('remote-error').count()).toBe(0);
}

describe('the product under the page Content-Security-Policy of the nginx image', () => {
  const opened = usePagePerTest();
  let config: RuntimeConfig;
  let page: Page;
  let csp: Awaited<ReturnType<typeof watchCsp>>;
  let remoteScripts: Record<string, string[]>;

  beforeAll(async () => {
    config = (await (await fetch(`${baseUrl}/config.json`)).json()) as RuntimeConfig;
  });

  beforeEach(async () => {
    page = opened().page;
    csp = await watchCsp(page);
    remoteScripts = recordRemoteScripts(page, config);
  });

  it('serves the shell’s pages with the nginx image’s CSP, this setup’s remote origins as CSP_EXTRA_SOURCES', async () => {
    const remoteOrigins = Object.values(config.remotes).map((url) => new URL(url, baseUrl).origin);
    expect(remoteOrigins.every((origin) => origin !== baseUrl)).toBe(true);
    expect(configOrigins(config)).toBe(remoteOrigins.join(' '));
    for (const path of ['/', '/pricing', '/dashboard', '/subscribe', '/config.json']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect([path, response.headers.get('content-security-policy')]).toEqual([
        path,
        pageCsp(remoteOrigins.join(' ')),
      ]);
    }
  });

  it('reports a violation when there is one: an inline script is refused', async () => {
    await page.goto(`${baseUrl}/pricing`);
    await waitForText(heading(page), 'Pricing');
    const message = page.waitForEvent('console', (m) => /content security policy/i.test(m.text()));
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true;';
      document.head.appendChild(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan ?? false;
    });
    expect(ran).toBe(false);
    expect((await message).text()).toMatch(/inline script violates .*Content Security Policy.*blocked/);
    await csp.reported;
    expect(csp.violations).toEqual([
      expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' }),
    ]);
    // The refusal was this test's own doing: not one for usePagePerTest to fail on.
    opened().cspMessages.length = 0;
  });

  it('marketing: home and pricing, no CSP violation', async () => {
    await page.goto(`${baseUrl}/`);
    await waitForText(heading(page), 'Foreign Exchange Rates Professional');
    await settle(page);
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await waitForText(heading(page), 'Pricing');
    await page.getByTestId('pricing-card-basic').waitFor();
    await settle(page);
    await page.goto(`${baseUrl}/pricing`);
    await waitForText(heading(page), 'Pricing');
    await settle(page);
    await expectRendered(page, remoteScripts, 'marketing');
    expect([csp.violations, csp.messages]).toEqual([[], []]);
  });

  it('dashboard: every view, signed in, no CSP violation', async () => {
    await signedInAsNewUser(page, baseUrl, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
    await settle(page);
    for (const view of DASHBOARD_VIEWS) await showDashboardView(page, view);
    await expectRendered(page, remoteScripts, 'dashboard');
    expect([csp.violations, csp.messages]).toEqual([[], []]);
  });

  it('billing: subscribe page, signed in, no CSP violation', async () => {
    await routePayPalSdkStandIn(page, paypalUrl);
    await signedInAsNewUser(page, baseUrl, '/pricing');
    await page.getByTestId('pricing-card-basic').getByRole('button').click();
    await waitForPath(page, '/subscribe');
    await waitForText(heading(page), 'Complete Subscription');
    await page.getByRole('button', { name: 'PayPal Subscribe' }).waitFor();
    await settle(page);
    await expectRendered(page, remoteScripts, 'billing');
    expect([csp.violations, csp.messages]).toEqual([[], []]);
  });
});
