// `npm run paypal:webhook -- <EVENT_TYPE> <subscription id>`: has the local PayPal stand-in sign an
// event about one of its subscriptions, as it is now, and deliver it to the API's webhook.
import { LOCAL_PAYPAL_PORT } from './local-paypal';

export interface WebhookDeliveryReport {
  event_id: string;
  delivered_to: string;
  status: number;
}

export async function sendStandInWebhook(
  standInUrl: string,
  eventType: string,
  subscriptionId: string,
): Promise<WebhookDeliveryReport> {
  const response = await fetch(`${standInUrl}/__stand-in/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ event_type: eventType, subscription_id: subscriptionId }),
  });
  const body = (await response.json()) as WebhookDeliveryReport & { message?: string };
  if (!response.ok) throw new Error(body.message ?? `the stand-in answered ${response.status}`);
  return body;
}

async function main(): Promise<void> {
  const [eventType, subscriptionId, port = String(LOCAL_PAYPAL_PORT)] = process.argv.slice(2);
  if (!eventType || !subscriptionId) {
    console.error('Usage: npm run paypal:webhook -- <EVENT_TYPE> <subscription id> [stand-in port]');
    console.error(
      '  e.g. BILLING.SUBSCRIPTION.CANCELLED, BILLING.SUBSCRIPTION.SUSPENDED, PAYMENT.SALE.COMPLETED,',
    );
    console.error(
      '  PAYMENT.SALE.REFUNDED, PAYMENT.SALE.REVERSED (these two take back the latest payment first)',
    );
    process.exit(64);
  }
  const standInUrl = `http://127.0.0.1:${port}`;
  try {
    const report = await sendStandInWebhook(standInUrl, eventType, subscriptionId);
    console.log(`${eventType} ${report.event_id} → ${report.delivered_to}: HTTP ${report.status}`);
    if (report.status >= 300) process.exit(1);
  } catch (error) {
    // fetch fails with a TypeError when nothing listens: the stand-in is not running.
    const hint =
      error instanceof TypeError ? ` at ${standInUrl}. Is PAYPAL_STAND_IN=1 npm start running?` : '';
    console.error(`Could not send the webhook: ${(error as Error).message}${hint}`);
    process.exit(1);
  }
}

if (require.main === module) void main();
