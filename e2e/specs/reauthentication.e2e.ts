import path from 'node:path';
import { Subscription } from '@fxrates/db';
import type { Page } from 'playwright-core';
import { heading, signedInAsNewUser, waitForPath } from '../support/accounts-ui';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given, stackEm } from '../support/given';
import { SCREENSHOTS_DIR } from '../support/paths';
import { routePayPalSdkStandIn } from '../support/paypal-sdk-stand-in';
import { waitForText } from '../support/texts';
import { expectUsableLayout } from '../support/usable-layout';

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
    const user = await signedInAsNewUser(page, baseUrl, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
    // The sign-in proved itself three hours ago: the next refresh (a page load) carries that.
    await given.signInsAuthenticatedAt(user, new Date(Date.now() - 3 * 3_600_000));
    await page.goto(`${baseUrl}/pricing`);
    await card(page, 'basic').getByRole('button', { name: 'Upgrade' }).click();
    await waitForPath(page, '/subscribe');
    await page.getByRole('button', { name: 'PayPal Subscribe' }).click();

    const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
    await confirm.getByTestId('reauthentication-password').fill('not the password');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await waitForText(confirm.getByTestId('reauthentication-error'), 'Your current password is not correct.');
    expect(await stackEm().count(Subscription, { user: user.id, paypalSubscriptionId: { $ne: null } })).toBe(
      0,
    );
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
