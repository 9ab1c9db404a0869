import type { ConsoleMessage, Request, Response } from 'playwright-core';
import { heading } from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { routeRecaptchaStandIn } from '../support/recaptcha-stand-in';

const { baseUrl } = e2eEnvironment();

/** Every public route of the product. */
const PUBLIC_PAGES = ['/', '/pricing', '/docs', '/contact', '/privacy', '/terms', '/login', '/register'];

describe('an anonymous visit', () => {
  const opened = usePagePerTest();

  it.each(PUBLIC_PAGES)('%s logs no console error and has no failed request', async (pathname) => {
    const { page } = opened();
    // The contact form loads Google's reCAPTCHA, which the tests cannot reach: its stand-in answers.
    await routeRecaptchaStandIn(page);
    const problems: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('requestfailed', (request: Request) => {
      problems.push(`failed request: ${request.method()} ${request.url()} (${request.failure()?.errorText})`);
    });
    page.on('response', (response: Response) => {
      if (response.status() >= 400) {
        problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
      }
    });

    await page.goto(`${baseUrl}${pathname}`, { waitUntil: 'networkidle' });
    await heading(page).first().waitFor();
    await page.waitForLoadState('networkidle');

    expect(problems).toEqual([]);
  });
});
