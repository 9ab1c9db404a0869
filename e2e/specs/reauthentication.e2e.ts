import path from 'node:path';
import type { Page } from 'playwright-core';
import { heading, signUpInBrowser, waitForPath } from '../support/accounts-ui';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { SCREENSHOTS_DIR } from '../support/paths';
import { routePayPalSdkStandIn } from '../support/paypal-sdk-stand-in';
import { waitForText } from '../support/texts';
import { expectUsableLayout } from '../support/usable-layout';
import { query } from '../support/verified-email';

const { baseUrl, paypalUrl } = e2eEnvironment();

const card = (page: Page, id: string) => page.getByTestId(`pricing-card-${id}`);

/**
 * "Confirm it's you" on the subscribe page: a sign-in that last proved its password
 * hours ago is asked for it before the subscription is recorded, and the subscription goes through
 * once it is given; a wrong password is said so and changes nothing.
 */
describe.each([
  { name: 'desktop', viewport: DESKTOP_VIEWPORT },
  { name: 'phone', viewport: PHONE_VIEWPORT },
])('a fresh sign-in before subscribing at $viewport.width px ($name)', ({ viewport }) => {
  const opened = usePagePerTest(viewport);

  it('asks an old sign-in for its password, refuses a wrong one, then records the subscription', async () => {
    const { page } = opened();
    await routePayPalSdkStandIn(page, paypalUrl);
    const user = await signUpInBrowser(page, baseUrl, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
    // The sign-in proved itself three hours ago: the next refresh (a page load) carries that.
    await query(
      `update refresh_tokens set authenticated_at = now() - interval '3 hours'
        where user_id = (select id from users where email = $1)`,
      [user.email],
    );
    await page.goto(`${baseUrl}/pricing`);
    await card(page, 'basic').getByRole('button', { name: 'Upgrade' }).click();
    await waitForPath(page, '/subscribe');
    await page.getByRole('button', { name: 'PayPal Subscribe' }).click();

    const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
    await confirm.getByTestId('reauthentication-password').fill('not the password');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await waitForText(confirm.getByTestId('reauthentication-error'), 'Your current password is not correct.');
    const [{ n }] = await query<{ n: number }>(
      `select count(*)::int as n from subscriptions s join users u on u.id = s.user_id
        where u.email = $1 and s.paypal_subscription_id is not null`,
      [user.email],
    );
    expect(n).toBe(0);
    await expectUsableLayout(page);
    await page.screenshot({
      path: path.join(SCREENSHOTS_DIR, `reauthentication-subscribe-${viewport.width}.png`),
      fullPage: true,
    });

    await confirm.getByTestId('reauthentication-password').fill(user.password);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await waitForPath(page, '/dashboard');
    await page.getByTestId('subscription-success').waitFor();
  });
});
