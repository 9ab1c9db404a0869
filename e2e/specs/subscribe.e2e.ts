import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { heading, signedInAsNewUser, waitForPath } from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { SCREENSHOTS_DIR } from '../support/paths';
import { PAYPAL_CREATE_URL, routePayPalSdkStandIn } from '../support/paypal-sdk-stand-in';
import { aYearFromTodayLong, waitForText } from '../support/texts';

const { baseUrl, paypalUrl } = e2eEnvironment();

async function chooseBasicAnnual(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
  await page.getByTestId('pricing-card-basic').waitFor();
  await page.getByRole('switch', { name: 'Annual billing (save 15%)' }).click({ force: true });
  await page.getByTestId('pricing-card-basic').getByRole('button').click();
  await waitForPath(page, '/subscribe');
  await waitForText(heading(page), 'Complete Subscription');
}

/** A new user subscribed to Basic annual through the PayPal button, back on the dashboard. */
async function subscribedToBasicAnnual(page: Page): Promise<void> {
  await signedInAsNewUser(page, baseUrl, '/dashboard');
  await waitForText(heading(page), 'Dashboard');
  await chooseBasicAnnual(page);
  await page.getByRole('button', { name: 'PayPal Subscribe' }).click();
  await waitForPath(page, '/dashboard');
}

describe('subscribing with PayPal', () => {
  const opened = usePagePerTest();
  let page: Page;

  beforeEach(async () => {
    page = opened().page;
    await routePayPalSdkStandIn(page, paypalUrl);
  });

  it('subscribes to Basic annual: dashboard success, account and limits from the verified subscription', async () => {
    await signedInAsNewUser(page, baseUrl, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
    await chooseBasicAnnual(page);
    expect(await page.getByTestId('subscribe-plan').innerText()).toBe('Basic');
    expect(await page.getByTestId('subscribe-amount').innerText()).toBe('$167.88 USD');
    expect(await page.getByTestId('subscribe-cycle').innerText()).toBe('Annual');

    await page.getByRole('button', { name: 'PayPal Subscribe' }).click();
    await waitForPath(page, '/dashboard');
    await waitForText(page.getByTestId('subscription-success'), 'Your Basic subscription is active.');
    const calls = await page.evaluate(
      () =>
        (window as unknown as { __paypalCalls: { sdkQuery: string; creates: object[]; styles: object[] } })
          .__paypalCalls,
    );
    expect(calls.styles[0]).toEqual({ layout: 'vertical', color: 'blue', shape: 'rect', label: 'subscribe' });
    const query = new URLSearchParams(calls.sdkQuery);
    expect([query.get('currency'), query.get('intent'), query.get('vault')]).toEqual([
      'USD',
      'subscription',
      'true',
    ]);
    expect(calls.creates[0]).toMatchObject({
      plan_id: 'P-E2E-BASIC-ANNUAL',
      custom_id: expect.any(String),
      application_context: { shipping_preference: 'NO_SHIPPING' },
    });

    await page.getByRole('tab', { name: 'Usage Stats' }).click();
    await waitForText(page.getByTestId('limit-monthly-quota'), '10,000');

    await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
    await waitForText(heading(page), 'Account Settings');
    await waitForText(page.getByTestId('account-plan'), 'Basic');
    expect(await page.getByTestId('account-billingCycle').innerText()).toBe('Annual');
    expect(await page.getByTestId('account-amount').innerText()).toBe('$167.88 USD');
    expect(await page.getByTestId('account-nextBilling').innerText()).toBe(aYearFromTodayLong());
    await page.screenshot({
      path: path.join(SCREENSHOTS_DIR, 'account-subscribed-1280.png'),
      fullPage: true,
    });
  });

  it('cancels from the account page after confirmation, keeping the plan until the period ends', async () => {
    await subscribedToBasicAnnual(page);
    await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
    await waitForText(page.getByTestId('account-status'), 'Active');

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    expect(await dialog.innerText()).toContain(`You keep the Basic plan until ${aYearFromTodayLong()}`);
    await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
    await waitForText(page.getByTestId('account-status'), 'Cancelled');
    expect(await page.getByTestId('account-plan').innerText()).toBe('Basic');
    // Nothing bills again: the period end is when access ends.
    expect(await page.getByTestId('account-accessUntil').innerText()).toBe(aYearFromTodayLong());
    expect(await page.getByText('Access Until', { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('account-nextBilling').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
  });

  it('resumes a cancelled subscription from the account page: PayPal starts billing when the paid year ends, nothing today', async () => {
    await subscribedToBasicAnnual(page);
    await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel your subscription?' })
      .getByRole('button', { name: 'Confirm cancellation' })
      .click();
    await waitForText(page.getByTestId('account-status'), 'Cancelled');

    await page.getByRole('link', { name: 'Resume subscription' }).click();
    await waitForPath(page, '/subscribe');
    const paidUntil = aYearFromTodayLong();
    await waitForText(
      page.getByTestId('subscribe-deferred-start'),
      `Resumes on ${paidUntil}; nothing to pay today. You have paid for Basic until then; your next payment of $167.88 is on ${paidUntil}.`,
    );
    expect(await page.getByTestId('subscribe-plan').innerText()).toBe('Basic');
    expect(await page.getByTestId('subscribe-cycle').innerText()).toBe('Annual');
    expect(await page.getByTestId('subscribe-today').innerText()).toBe('$0.00');

    await page.getByRole('button', { name: 'PayPal Subscribe' }).click();
    await waitForPath(page, '/dashboard');
    await waitForText(
      page.getByTestId('subscription-success'),
      `Your Basic subscription starts on ${paidUntil}, when the time you paid for ends; nothing was charged today.`,
    );
    const creates = await page.evaluate(
      () =>
        (window as unknown as { __paypalCalls: { creates: { start_time?: string }[] } }).__paypalCalls
          .creates,
    );
    const startTime = creates.at(-1)?.start_time;
    expect(startTime).toEqual(expect.any(String));
    // The subscription starts when the paid year ends (a year after the first one started, give or take the test).
    expect(Math.abs(new Date(startTime!).getTime() - Date.now() - 365 * 86_400_000)).toBeLessThan(
      2 * 86_400_000,
    );
  });

  it("says PayPal failed to load when PayPal's script cannot be loaded", async () => {
    await page.route(/^https:\/\/www\.(sandbox\.)?paypal\.com\/sdk\/js/, (route) =>
      route.fulfill({ status: 500, body: 'down' }),
    );
    await signedInAsNewUser(page, baseUrl, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
    await chooseBasicAnnual(page);
    await waitForText(
      page.getByTestId('paypal-load-error'),
      'PayPal failed to load. Please refresh the page and try again.',
    );
    expect(await page.getByRole('button', { name: 'PayPal Subscribe' }).count()).toBe(0);
  });

  it("shows the server's refusal in the banner and stays on /subscribe", async () => {
    await signedInAsNewUser(page, baseUrl, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
    await chooseBasicAnnual(page);
    // PayPal makes the subscription for somebody else (custom_id), which the server must refuse.
    await page.route(PAYPAL_CREATE_URL, async (route) => {
      const body = { ...route.request().postDataJSON(), custom_id: randomUUID() };
      const created = await fetch(`${paypalUrl}/__stand-in/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await route.fulfill({
        status: created.status,
        contentType: 'application/json',
        body: await created.text(),
      });
    });
    await page.getByRole('button', { name: 'PayPal Subscribe' }).click();
    await waitForText(
      page.getByTestId('subscribe-error'),
      'This PayPal subscription was not made for your account.',
    );
    expect(new URL(page.url()).pathname).toBe('/subscribe');
    expect(await page.getByRole('button', { name: 'PayPal Subscribe' }).isVisible()).toBe(true);
  });

  it('shows a spinner instead of the button while the server verifies the approval', async () => {
    await signedInAsNewUser(page, baseUrl, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
    await chooseBasicAnnual(page);
    // The real request, held in flight until the spinner has been seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/subscriptions', async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole('button', { name: 'PayPal Subscribe' }).click();
    await page.getByLabel('Processing your subscription').waitFor();
    expect(await page.getByRole('button', { name: 'PayPal Subscribe' }).count()).toBe(0);
    release();
    await waitForPath(page, '/dashboard');
  });

  it("says PayPal failed when PayPal's button cannot create the subscription", async () => {
    await signedInAsNewUser(page, baseUrl, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
    await chooseBasicAnnual(page);
    await page.route(PAYPAL_CREATE_URL, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          name: 'INTERNAL_SERVICE_ERROR',
          message: 'An internal service error occurred.',
        }),
      }),
    );
    await page.getByRole('button', { name: 'PayPal Subscribe' }).click();
    await waitForText(
      page.getByTestId('subscribe-error'),
      'PayPal failed to load. Please refresh the page and try again.',
    );
    expect(new URL(page.url()).pathname).toBe('/subscribe');
  });
});
