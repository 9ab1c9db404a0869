import path from 'node:path';
import type { Page } from 'playwright-core';
import { heading, signedInAsNewUser, waitForPath } from '../support/accounts-ui';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { SCREENSHOTS_DIR } from '../support/paths';
import { routePayPalSdkStandIn } from '../support/paypal-sdk-stand-in';
import { aYearFromTodayLong, waitForText } from '../support/texts';

const { baseUrl, paypalUrl } = e2eEnvironment();

const card = (page: Page, id: string) => page.getByTestId(`pricing-card-${id}`);
const annualSwitch = (page: Page) => page.getByRole('switch', { name: 'Annual billing (save 15%)' });

/**
 * /pricing from the top bar once the annual subscriber's plan and quotes are known: the switch opens
 * on their own cycle, annual.
 */
async function openAnnualPricing(page: Page, currentPlan: string): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
  await card(page, 'basic').waitFor();
  await waitForText(card(page, 'free').getByRole('button'), /^Downgrade on /);
  await waitForText(card(page, currentPlan).getByRole('button').first(), 'Current plan');
  expect(await annualSwitch(page).isChecked()).toBe(true);
}

const labelsOf = (page: Page) =>
  Promise.all(
    ['free', 'basic', 'professional', 'enterprise', 'rfq'].map(async (id) => {
      const button = card(page, id).getByRole('button').first();
      return `${(await button.innerText()).trim()}${(await button.isDisabled()) ? ' (disabled)' : ''}`;
    }),
  );

const TODAY = /^Upgrade — \$\d+\.\d{2} today$/;

/** A new user who subscribed to `plan` annual through the PayPal button, as the subscribe test does. */
async function subscriberOf(page: Page, plan: 'basic' | 'professional'): Promise<void> {
  await routePayPalSdkStandIn(page, paypalUrl);
  await signedInAsNewUser(page, baseUrl, '/dashboard');
  await waitForText(heading(page), 'Dashboard');
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
  await card(page, plan).waitFor();
  await annualSwitch(page).click({ force: true });
  await card(page, plan).getByRole('button', { name: 'Upgrade' }).click();
  await waitForPath(page, '/subscribe');
  await page.getByRole('button', { name: 'PayPal Subscribe' }).click();
  await waitForPath(page, '/dashboard');
  await page.getByTestId('subscription-success').waitFor();
}

/** From /subscribe's change panel to PayPal's approval page and back to /account, approved. */
async function approveAtPayPal(page: Page, start: () => Promise<void>): Promise<void> {
  await start();
  await page.waitForURL((url) => url.origin === paypalUrl);
  await page.getByRole('button', { name: 'Agree & Continue' }).click();
  await waitForPath(page, '/account');
}

describe('changing plan', () => {
  const opened = usePagePerTest();
  let page: Page;

  beforeEach(() => {
    page = opened().page;
  });

  it("opens on the subscriber's cycle, marks their plan on both cycles and prices the others for today", async () => {
    await subscriberOf(page, 'basic');
    await openAnnualPricing(page, 'basic');
    const downgradeToFree = `Downgrade on ${aYearFromTodayLong()} — $0.00 today`;
    const annual = await labelsOf(page);
    expect(annual[0]).toBe(downgradeToFree);
    expect(annual[1]).toBe('Current plan (disabled)');
    expect(annual[2]).toMatch(TODAY);
    expect(annual[3]).toMatch(TODAY);
    expect(annual[4]).toBe('Contact Us');
    await page.getByText('Monthly billing', { exact: true }).click();
    await waitForText(card(page, 'basic').getByTestId('pricing-switch-cycle'), /^Switch to monthly billing/);
    const monthly = await labelsOf(page);
    expect(monthly[1]).toBe('Current plan (disabled)');
    expect(monthly[2]).toMatch(TODAY);
    expect(await card(page, 'basic').getByTestId('pricing-switch-cycle').innerText()).toBe(
      `Switch to monthly billing on ${aYearFromTodayLong()} — $0.00 today`,
    );
    await page.screenshot({
      path: path.join(SCREENSHOTS_DIR, 'pricing-subscriber-1280.png'),
      fullPage: true,
    });
  });

  /** Basic annual → Professional annual up to PayPal's checkout of the prorated difference. */
  async function startUpgrade(): Promise<string> {
    await subscriberOf(page, 'basic');
    await openAnnualPricing(page, 'basic');
    const label = await card(page, 'professional').getByRole('button').innerText();
    const amount = /\$\d+\.\d{2}/.exec(label)![0];
    await card(page, 'professional').getByRole('button', { name: 'Upgrade' }).click();
    await waitForPath(page, '/subscribe');
    await waitForText(
      page.getByTestId('plan-change').locator('p').first(),
      `You are on Basic (Annual). Upgrading to Professional (Annual) applies as soon as your payment of ${amount} for the rest of your paid period is received; then PayPal bills $635.88 a year from ${aYearFromTodayLong()}.`,
    );
    expect(await page.getByTestId('plan-change-today').innerText()).toBe(amount);
    // No second subscription is offered to a subscriber.
    expect(await page.getByRole('button', { name: 'PayPal Subscribe' }).count()).toBe(0);
    await page.getByRole('button', { name: `Pay ${amount} with PayPal` }).click();
    await page.waitForURL((url) => url.origin === paypalUrl);
    expect(await page.locator('body').innerText()).toContain(amount.slice(1));
    return amount;
  }

  it('upgrades once the prorated difference is paid, then has PayPal approve the new price', async () => {
    await startUpgrade();
    await page.getByRole('button', { name: 'Pay Now' }).click();
    // Back on /account?plan-change=paid the server captures the payment, then PayPal's revision page.
    await page.waitForURL((url) => url.origin === paypalUrl && !url.pathname.startsWith('/checkoutnow'));
    await page.getByRole('button', { name: 'Agree & Continue' }).click();
    await waitForPath(page, '/account');
    await waitForText(page.getByTestId('plan-change-confirmation'), 'You are on Professional (Annual).');
    await waitForText(page.getByTestId('account-plan'), 'Professional');
    // The plan already reads Professional in the account loaded before the confirmation (the upgrade
    // applied with its payment); the new recurring price comes with the account loaded after it.
    await waitForText(page.getByTestId('account-amount'), '$635.88 USD');
    expect(new URL(page.url()).search).toBe('');
  });

  it("keeps the plan when the buyer cancels at PayPal's checkout", async () => {
    await startUpgrade();
    await page.getByRole('button', { name: 'Cancel and return' }).click();
    await waitForPath(page, '/account');
    await waitForText(
      page.getByTestId('plan-change-confirmation'),
      'You cancelled the payment at PayPal: nothing was charged and your plan is unchanged.',
    );
    await waitForText(page.getByTestId('account-plan'), 'Basic');
  });

  it("shows a declined card's message and offers PayPal again", async () => {
    await startUpgrade();
    // PayPal declines the buyer's card when the server captures the payment, once.
    expect((await fetch(`${paypalUrl}/__stand-in/orders/decline-next`, { method: 'POST' })).status).toBe(204);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await waitForPath(page, '/account');
    await waitForText(
      page.getByTestId('plan-change-confirmation').locator('p'),
      'PayPal declined the payment, so nothing was charged and your plan is unchanged. Choose another way to pay at PayPal and try again.',
    );
    expect(await page.getByTestId('account-plan').innerText()).toBe('Basic');
    await page.getByRole('button', { name: 'Try again at PayPal' }).click();
    await page.waitForURL((url) => url.origin === paypalUrl && url.pathname.startsWith('/checkoutnow'));
    // Paid with another card: the upgrade applies, and PayPal asks to approve the new price.
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.waitForURL(
      (url) => url.origin === paypalUrl && url.pathname.includes('/subscriptions/update'),
    );
  });

  it('schedules a downgrade for the end of the paid period, shows it on /account, and undoes it', async () => {
    await subscriberOf(page, 'professional');
    await openAnnualPricing(page, 'professional');
    await card(page, 'basic').getByRole('button', { name: 'Downgrade' }).click();
    await waitForPath(page, '/subscribe');
    await waitForText(
      page.getByTestId('plan-change').locator('p'),
      `You are on Professional (Annual). Downgrading to Basic (Annual) takes effect on ${aYearFromTodayLong()}, the end of the period you already paid for; until then you keep Professional.`,
    );
    await approveAtPayPal(page, () => page.getByRole('button', { name: 'Continue to PayPal' }).click());
    const scheduled = `Your change to Basic (Annual) is scheduled for ${aYearFromTodayLong()}.`;
    await waitForText(page.getByTestId('plan-change-confirmation'), scheduled);
    const notice = page.getByTestId('pending-plan-change');
    await waitForText(
      notice.locator('p'),
      `Your plan changes to Basic (Annual) on ${aYearFromTodayLong()}, the end of the period you paid for. Until then you keep Professional.`,
    );
    expect(await page.getByTestId('account-plan').innerText()).toBe('Professional');
    await page.screenshot({
      path: path.join(SCREENSHOTS_DIR, 'account-pending-change-1280.png'),
      fullPage: true,
    });

    // Pricing shows the scheduled plan as such.
    await openAnnualPricing(page, 'professional');
    expect(await card(page, 'basic').getByRole('button').innerText()).toBe('Change scheduled');
    expect(await card(page, 'enterprise').getByRole('button').innerText()).toMatch(TODAY);
    await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();

    await approveAtPayPal(page, () => notice.getByRole('button', { name: 'Undo change' }).click());
    await waitForText(page.getByTestId('plan-change-confirmation'), 'You are on Professional (Annual).');
    await waitForText(page.getByTestId('account-plan'), 'Professional');
    expect(await page.getByTestId('pending-plan-change').count()).toBe(0);
  });

  it('refuses a second subscription and says to change the plan instead', async () => {
    await subscriberOf(page, 'basic');
    await openAnnualPricing(page, 'basic');
    // Checkout cannot tell this user is a subscriber (their account does not load), so it offers
    // PayPal's button: the server refuses the second subscription and the page says what to do.
    await page.route('**/api/account', (route) => route.fulfill({ status: 503, body: '' }));
    await card(page, 'professional').getByRole('button', { name: 'Upgrade' }).click();
    await waitForPath(page, '/subscribe');
    await page.getByRole('button', { name: 'PayPal Subscribe' }).click();
    await waitForText(
      page.getByTestId('subscribe-error'),
      'You already have an active Basic (annual) subscription. We cancelled the new PayPal subscription so you are not billed twice. To change plan, choose it on the pricing page: your subscription is changed, not replaced.',
    );
    expect(new URL(page.url()).pathname).toBe('/subscribe');
  });
});
