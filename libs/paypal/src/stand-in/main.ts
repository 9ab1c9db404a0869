// `PAYPAL_STAND_IN=1 npm start` runs this: PayPal's REST API, its JS SDK and webhook deliveries on
// loopback, so checkout, webhooks and cancellation work locally without a PayPal account.
import { LOCAL_PAYPAL_APP, LOCAL_PAYPAL_PORT, localPayPalPlans } from './local-paypal';
import { startPayPalStandIn } from './paypal-stand-in';

/** `--port 4010 --api http://127.0.0.1:4000` (scripts/run-all.mjs passes both). */
function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

async function main(): Promise<void> {
  const port = Number(option('port') ?? LOCAL_PAYPAL_PORT);
  const apiUrl = option('api') ?? 'http://127.0.0.1:4000';
  const standIn = await startPayPalStandIn({
    ...LOCAL_PAYPAL_APP,
    plans: localPayPalPlans(),
    port,
    webhookTarget: `${apiUrl}/api/billing/paypal/webhook`,
  });
  const create = standIn.createSubscription.bind(standIn);
  standIn.createSubscription = (fields) => {
    const subscription = create(fields);
    console.log(
      `Subscription ${subscription.id} (${subscription.plan_id}${subscription.plan_overridden ? ', plan overridden' : ''}) approved for user ${subscription.custom_id}`,
    );
    return subscription;
  };
  console.log(`PayPal stand-in on ${standIn.url}: REST API, JS SDK at /sdk/js, webhooks to ${apiUrl}`);
  console.log('Send a webhook: npm run paypal:webhook -- BILLING.SUBSCRIPTION.CANCELLED <subscription id>');
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main().catch((error: unknown) => {
  console.error(`PayPal stand-in failed to start: ${(error as Error).message}`);
  process.exit(1);
});
