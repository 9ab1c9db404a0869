import request from 'supertest';
import { Authenticator } from '../../support/authenticator';
import type { TestApp } from '../../test-app';
import { bearer, type Account } from './accounts';

/** Turns two-factor on for `account` through the API; answers its phone and recovery codes. */
export async function enrolTwoFactor(
  t: TestApp,
  account: Pick<Account, 'accessToken'>,
): Promise<{ phone: Authenticator; recoveryCodes: string[] }> {
  const http = () => request(t.app.getHttpServer());
  const started = await http()
    .post('/api/account/two-factor')
    .set('Authorization', bearer(account))
    .expect(201);
  const phone = new Authenticator(started.body.secret);
  const confirmed = await http()
    .post('/api/account/two-factor/confirm')
    .set('Authorization', bearer(account))
    .send({ code: await phone.fresh() })
    .expect(200);
  return { phone, recoveryCodes: confirmed.body.recoveryCodes };
}
