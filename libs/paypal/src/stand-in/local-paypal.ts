import { formatMinorUnits, PLAN_PRICES_MINOR, type BillingCycle, type PaidPlanId } from '@fxrates/domain';
import type { StandInPlan } from './paypal-stand-in';

/** The port `npm start` runs the PayPal stand-in on, unless PAYPAL_STAND_IN_PORT says otherwise. */
export const LOCAL_PAYPAL_PORT = 4010;

/** Credentials of the stand-in's PayPal app: throwaway values, meaningful to the stand-in only. */
export const LOCAL_PAYPAL_APP = {
  clientId: 'local-stand-in-client',
  clientSecret: 'local-stand-in-secret',
  webhookId: 'WH-LOCAL-STAND-IN',
} as const;

const planId = (plan: PaidPlanId, cycle: BillingCycle) =>
  `P-LOCAL-${plan.toUpperCase()}-${cycle.toUpperCase()}`;

/** Our six plans as the stand-in's PayPal account holds them, priced from the domain's price table. */
export function localPayPalPlans(): Record<string, StandInPlan> {
  const plans: Record<string, StandInPlan> = {};
  for (const plan of Object.keys(PLAN_PRICES_MINOR) as PaidPlanId[]) {
    for (const cycle of ['monthly', 'annual'] as const) {
      plans[planId(plan, cycle)] = {
        interval: cycle === 'annual' ? 'YEAR' : 'MONTH',
        price: formatMinorUnits(PLAN_PRICES_MINOR[plan][cycle]),
      };
    }
  }
  return plans;
}

/**
 * What points the API, the worker and the web server at a stand-in on `url`: the REST base URL,
 * the app's credentials and webhook id, our plan ids, and the JS SDK's URL for the browser.
 */
export function localPayPalEnv(url: string): Record<string, string> {
  const planIds = (Object.keys(PLAN_PRICES_MINOR) as PaidPlanId[]).flatMap((plan) =>
    (['monthly', 'annual'] as const).map((cycle) => `${plan}.${cycle}=${planId(plan, cycle)}`),
  );
  return {
    PAYPAL_ENVIRONMENT: 'sandbox',
    PAYPAL_API_BASE_URL: url,
    PAYPAL_CLIENT_ID: LOCAL_PAYPAL_APP.clientId,
    PAYPAL_CLIENT_SECRET: LOCAL_PAYPAL_APP.clientSecret,
    PAYPAL_WEBHOOK_ID: LOCAL_PAYPAL_APP.webhookId,
    PAYPAL_PLAN_IDS: planIds.join(','),
    PUBLIC_PAYPAL_SDK_URL: `${url}/sdk/js`,
  };
}
