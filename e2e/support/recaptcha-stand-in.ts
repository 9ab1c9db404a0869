import type { Page } from 'playwright-core';

/** The site key the product's web server puts in /config.json for the browser tests. */
export const E2E_RECAPTCHA_SITE_KEY = 'e2e-recaptcha-site-key';
export const E2E_RECAPTCHA_TOKEN = 'e2e-recaptcha-token';

/**
 * Answers Google's reCAPTCHA script URL with a stand-in that speaks its API (grecaptcha.ready and
 * execute), recording each execute's site key and action in window.__recaptchaCalls.
 */
export async function routeRecaptchaStandIn(page: Page): Promise<void> {
  await page.route('https://www.google.com/recaptcha/api.js**', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `
        window.__recaptchaCalls = [];
        window.grecaptcha = {
          ready: (callback) => setTimeout(callback, 0),
          execute: (siteKey, options) => {
            window.__recaptchaCalls.push({ siteKey, action: options.action });
            return Promise.resolve(${JSON.stringify(E2E_RECAPTCHA_TOKEN)});
          },
        };`,
    }),
  );
}
