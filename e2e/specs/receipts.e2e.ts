import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { heading, signedInAsNewUser, waitForPath } from '../support/accounts-ui';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { SCREENSHOTS_DIR } from '../support/paths';
import { routePayPalSdkStandIn } from '../support/paypal-sdk-stand-in';
import { waitForText } from '../support/texts';
import { expectUsableLayout } from '../support/usable-layout';

const { baseUrl, paypalUrl } = e2eEnvironment();

const HOSTILE = '<img src=x onerror=alert(1)>';
const card = (page: Page, id: string) => page.getByTestId(`pricing-card-${id}`);
const payments = (page: Page): Locator => page.getByRole('region', { name: 'Payments' });

/**
 * A new user on Basic annual through the PayPal button who then pays the prorated difference to
 * Professional annual at PayPal's checkout and approves the new price, as plan-changes.e2e does.
 * Returns the amount paid, as the pricing card quoted it ("$123.45").
 */
async function upgradedSubscriber(page: Page): Promise<string> {
  await routePayPalSdkStandIn(page, paypalUrl);
  await signedInAsNewUser(page, baseUrl, '/dashboard');
  await waitForText(heading(page), 'Dashboard');
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
  await card(page, 'basic').waitFor();
  await page.getByRole('switch', { name: 'Annual billing (save 15%)' }).click({ force: true });
  await card(page, 'basic').getByRole('button', { name: 'Upgrade' }).click();
  await waitForPath(page, '/subscribe');
  await page.getByRole('button', { name: 'PayPal Subscribe' }).click();
  await waitForPath(page, '/dashboard');
  await page.getByTestId('subscription-success').waitFor();

  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
  await waitForText(card(page, 'basic').getByRole('button').first(), 'Current plan');
  // The card says "Upgrade" until the server's quote arrives, then what the upgrade costs today.
  const label = await waitForText(card(page, 'professional').getByRole('button').first(), /^Upgrade — \$/);
  const amount = /\$\d+\.\d{2}/.exec(label)![0];
  await card(page, 'professional').getByRole('button', { name: 'Upgrade' }).click();
  await waitForPath(page, '/subscribe');
  await page.getByRole('button', { name: `Pay ${amount} with PayPal` }).click();
  await page.waitForURL((url) => url.origin === paypalUrl);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.waitForURL((url) => url.origin === paypalUrl && !url.pathname.startsWith('/checkoutnow'));
  await page.getByRole('button', { name: 'Agree & Continue' }).click();
  await waitForPath(page, '/account');
  await waitForText(page.getByTestId('plan-change-confirmation'), 'You are on Professional (Annual).');
  return amount;
}

/** The profile saved with a name and company that would run script if pasted into markup. */
async function nameTheAccountHostilely(page: Page): Promise<void> {
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByLabel(/^First Name/).fill(HOSTILE);
  await profile.getByLabel('Company Name (optional)').fill(HOSTILE);
  await profile.getByRole('button', { name: 'Save' }).click();
  await waitForText(profile.getByTestId('profile-saved'), 'Your profile was saved.');
}

/** The receipt link of the newest payment, followed into the new tab it opens. */
async function openReceipt(page: Page): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await payments(page).getByRole('link', { name: 'Receipt' }).first().click();
  const receipt = await opened;
  await receipt.getByTestId('receipt').waitFor();
  return receipt;
}

async function receiptLines(receipt: Page): Promise<Record<string, string>> {
  const lines = receipt.getByTestId('receipt-lines');
  const labels = await lines.locator('dt').allInnerTexts();
  const values = await lines.locator('dd').allInnerTexts();
  return Object.fromEntries(labels.map((label, at) => [label, values[at]]));
}

const visible = (page: Page, selector: string) =>
  page.evaluate(
    (css) =>
      [...document.querySelectorAll(css)].filter((element) => element.getBoundingClientRect().height > 0)
        .length,
    selector,
  );

/**
 * A subscription's charge as the worker records it from PayPal's PAYMENT.SALE.COMPLETED (the worker's
 * side is services/worker/test/subscription-payments.e2e-spec.ts): one row of `payments`, kind
 * subscription, the sale's id as PayPal's transaction id.
 */
async function recordRenewal(user: { id: string }, saleId: string): Promise<void> {
  const subscription = await given.subscription(user, {
    plan: 'professional',
    billingCycle: 'monthly',
    status: 'active',
    paypalSubscriptionId: `I-${saleId}`,
    amountMinor: 5999,
    startDate: new Date('2026-10-01T09:00:00Z'),
    currentPeriodEnd: new Date('2026-12-01T09:00:00Z'),
    createdAt: new Date(),
  });
  await given.payment(subscription, {
    kind: 'subscription',
    status: 'captured',
    amountMinor: 5999,
    periodStart: new Date('2026-11-01T09:00:00Z'),
    periodEnd: new Date('2026-12-01T09:00:00Z'),
    paypalCaptureId: saleId,
    capturedMinor: 5999,
    capturedAt: new Date('2026-11-01T09:00:00Z'),
  });
}

describe('payments and receipts on the account page', () => {
  const opened = usePagePerTest(DESKTOP_VIEWPORT);

  it('lists a paid upgrade at 1280 and 390 px, and prints its receipt in the customer’s name', async () => {
    const { page } = opened();
    const amount = await upgradedSubscriber(page);
    await nameTheAccountHostilely(page);

    const rows = payments(page).getByTestId('payment-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    const row = await rows.first().innerText();
    expect(row).toContain('Professional · Annual');
    expect(row).toContain(amount);
    expect(row).toContain('Paid');
    await expectUsableLayout(page);
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'account-payments-1280.png'), fullPage: true });

    const receipt = await openReceipt(page);
    const { productName, supportEmail } = await receipt.evaluate(() =>
      fetch('/config.json').then((answer) => answer.json() as Promise<Record<string, string>>),
    );
    expect(await receipt.getByRole('heading', { level: 1 }).innerText()).toBe('Receipt');
    expect(await receipt.getByTestId('receipt-seller').innerText()).toBe(productName);
    expect(await receipt.getByTestId('receipt').innerText()).toContain(supportEmail);
    const customer = await receipt.getByTestId('receipt-customer').allInnerTexts();
    expect(customer).toEqual([`${HOSTILE} Tester`, HOSTILE, expect.stringMatching(/@/)]);
    // The hostile name is text: no element was made of it, so nothing ran.
    expect(await receipt.getByTestId('receipt').locator('img').count()).toBe(0);
    const lines = await receiptLines(receipt);
    expect(lines).toEqual({
      'Receipt number': expect.stringMatching(/^[0-9a-f-]{36}$/),
      'Date paid': expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/),
      Plan: 'Professional · Annual',
      Description: 'Upgrade (prorated difference)',
      Period: expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4} – [A-Z][a-z]+ \d{1,2}, \d{4}$/),
      Amount: amount,
      Currency: 'USD',
      'Payment method': 'PayPal',
      'PayPal transaction id': expect.stringMatching(/^[A-Z0-9]+$/),
      Status: 'Paid',
    });
    expect(await receipt.getByTestId('receipt-status').innerText()).toBe('Paid');
    expect(row).toContain(lines['PayPal transaction id']);
    await expectUsableLayout(receipt);

    // Printed: only the receipt, black on white; the site's header, menus and footer are hidden.
    expect(await visible(receipt, 'header, nav, footer')).toBeGreaterThan(0);
    await receipt.emulateMedia({ media: 'print' });
    expect(await visible(receipt, 'header, nav, footer')).toBe(0);
    expect(await receipt.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    const colours = await receipt.getByTestId('receipt').evaluate((element) => ({
      text: getComputedStyle(element.querySelector('dd')!).color,
      paper: getComputedStyle(element).backgroundColor,
    }));
    expect(colours).toEqual({ text: 'rgb(0, 0, 0)', paper: 'rgb(255, 255, 255)' });
    await receipt.screenshot({ path: path.join(SCREENSHOTS_DIR, 'receipt-print.png'), fullPage: true });
    await receipt.emulateMedia({ media: 'screen' });

    // On a phone: the payments stacked, the receipt readable, nothing wider than the screen.
    await page.setViewportSize(PHONE_VIEWPORT);
    await receipt.setViewportSize(PHONE_VIEWPORT);
    await expectUsableLayout(page);
    await expectUsableLayout(receipt);
    // Each payment a card of stacked fields rather than a table row.
    expect(await rows.first().evaluate((element) => getComputedStyle(element).display)).toBe('grid');
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'account-payments-390.png'), fullPage: true });
    await receipt.screenshot({ path: path.join(SCREENSHOTS_DIR, 'receipt-390.png'), fullPage: true });
  });

  it('lists a subscription renewal PayPal charged, with its period and receipt, at 1280 and 390 px', async () => {
    const { page } = opened();
    const user = await signedInAsNewUser(page, baseUrl, '/dashboard');
    await waitForText(heading(page), 'Dashboard');
    // PayPal's sale ids are 17 characters; a new one each run, as the database outlives the run.
    const saleId = `8RX${randomBytes(7).toString('hex').toUpperCase()}`;
    await recordRenewal(user, saleId);
    await page.goto(`${baseUrl}/account`);
    const row = payments(page).getByTestId('payment-row').first();
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Subscription renewal');
    expect(text).toContain('Professional · Monthly');
    expect(text).toContain('$59.99');
    expect(text).toContain('November 1, 2026 – December 1, 2026');
    expect(text).toContain(saleId);
    await expectUsableLayout(page);

    const receipt = await openReceipt(page);
    expect(await receiptLines(receipt)).toMatchObject({
      Description: 'Subscription renewal',
      Amount: '$59.99',
      Period: 'November 1, 2026 – December 1, 2026',
      'PayPal transaction id': saleId,
      Status: 'Paid',
    });
    await page.setViewportSize(PHONE_VIEWPORT);
    await expectUsableLayout(page);
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'account-renewal-390.png'), fullPage: true });
  });

  it('says "No payments yet" to a free user, and a receipt number not theirs is not found', async () => {
    const { page } = opened();
    await page.setViewportSize(PHONE_VIEWPORT);
    await signedInAsNewUser(page, baseUrl, '/account');
    await waitForText(heading(page), 'Account Settings');
    await waitForText(payments(page).getByTestId('payments-empty'), 'No payments yet');
    await expectUsableLayout(page);

    await page.goto(`${baseUrl}/account/receipts/0b6c1e2d-3a4b-4c5d-8e7f-9a0b1c2d3f9a`);
    await waitForText(page.getByTestId('receipt-not-found'), 'No payment of yours has this receipt number.');
  });
});
