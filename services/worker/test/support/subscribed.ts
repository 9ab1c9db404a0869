import request from 'supertest';
import { signedInUser } from '../../../api/test/support/signed-in';
import type { PayPalStandIn } from '../../../../libs/paypal/src/stand-in/paypal-stand-in';
import type { TestApp } from '../../../api/test/test-app';

export const BASIC_ANNUAL = 'P-BASIC-ANNUAL';
export const ENTERPRISE_MONTHLY = 'P-ENTERPRISE-MONTHLY';

/** A new user subscribed to Basic annual through the API, as the subscribe page does. */
export async function subscribedUser(
  api: TestApp,
  paypal: PayPalStandIn,
): Promise<{ userId: string; paypalId: string; accessToken: string }> {
  const { id: userId, accessToken } = await signedInUser(api.app);
  const paypalId = paypal.createSubscription({ plan_id: BASIC_ANNUAL, custom_id: userId }).id;
  await request(api.app.getHttpServer())
    .post('/api/v1/subscriptions')
    .set('Authorization', `Bearer ${accessToken}`)
    .send({ plan: 'basic', billingCycle: 'annual', paypalSubscriptionId: paypalId })
    .expect(201);
  return { userId, paypalId, accessToken };
}
