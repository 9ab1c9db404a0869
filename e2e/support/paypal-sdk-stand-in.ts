import type { Page } from 'playwright-core';
import { payPalSdkStandInScript } from '../../libs/paypal/src/stand-in/sdk-stand-in-script';

/** Where the SDK stand-in creates subscriptions (answered by the test from the REST stand-in). */
export const PAYPAL_CREATE_URL = 'https://www.sandbox.paypal.com/__stand-in/subscriptions';

/**
 * Answers PayPal's JS SDK URL with a stand-in of `paypal.Buttons`: its button calls the page's
 * createSubscription (whose `actions.subscription.create` makes the subscription at the PayPal
 * REST stand-in, as a buyer's approval would) and then onApprove with the new id. Each create's
 * options and the SDK's query parameters are recorded in window.__paypalCalls.
 */
export async function routePayPalSdkStandIn(page: Page, paypalRestUrl: string): Promise<void> {
  await page.route(PAYPAL_CREATE_URL, async (route) => {
    const response = await fetch(`${paypalRestUrl}/__stand-in/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: route.request().postData() ?? '{}',
    });
    await route.fulfill({
      status: response.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: await response.text(),
    });
  });
  await page.route(/^https:\/\/www\.(sandbox\.)?paypal\.com\/sdk\/js/, (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: payPalSdkStandInScript(PAYPAL_CREATE_URL, new URL(route.request().url()).search),
    }),
  );
}
