import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { User } from '@fxrates/db';
import request from 'supertest';
import { seedAccount } from '../support/account-data';
import { newEmail, PASSWORD } from '../support/auth-client';
import { givenIn } from '../support/given';
import { signedInUser } from '../support/signed-in';
import { startTestApp, type TestApp } from '../test-app';
import { testConfig } from '../test-config';
import { expectProblem } from './support/problem';

const LOGIN_FAILURE_LIMIT = 3;

/**
 * "Leave and take your data" (docs/decisions.md), attacked over HTTP: a deleted account leaves no key
 * that still answers on any instance, its password cannot be guessed through the deletion faster
 * than through the sign-in, and an export holds nothing of anybody else's.
 */
describe('API1/API2:2023: exporting and deleting an account', () => {
  let one: TestApp;
  let two: TestApp;
  let client = 0;
  const nextClient = () => `203.0.113.${++client}`;
  const on = (t: TestApp) => request(t.app.getHttpServer());
  const userRow = (userId: string) => one.app.get(MikroORM).em.fork().findOneOrFail(User, { id: userId });
  const remove = (accessToken: string, password: string, from = nextClient()) =>
    on(one)
      .delete('/api/account')
      .set('Authorization', `Bearer ${accessToken}`)
      .set('X-Forwarded-For', from)
      .send({ password });
  const exportOf = (accessToken: string) =>
    on(one).get('/api/account/export').set('Authorization', `Bearer ${accessToken}`);

  beforeAll(async () => {
    const config = testConfig({ TRUST_PROXY: 'true', LOGIN_FAILURE_LIMIT: String(LOGIN_FAILURE_LIMIT) });
    one = await startTestApp(config);
    two = await startTestApp(config);
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  it('leaves no key of the deleted account that answers, on any instance, and the keys of others working', async () => {
    const victim = await seedAccount(one.app);
    const bystander = await seedAccount(one.app);
    const more = [];
    for (const name of ['second', 'third']) {
      more.push(
        (
          await on(one)
            .post('/api/keys')
            .set('Authorization', `Bearer ${victim.accessToken}`)
            .send({ name })
            .expect(201)
        ).body.key as string,
      );
    }
    const keys = [victim.key, ...more];
    for (const t of [one, two])
      for (const key of keys) await on(t).get('/api/v1/usage').set('X-API-Key', key).expect(200);

    await remove(victim.accessToken, PASSWORD).expect(204);

    for (const t of [one, two]) {
      for (const key of keys) {
        const refused = await on(t).get('/api/v1/usage').set('X-API-Key', key);
        expect([401, 403]).toContain(refused.status);
        expectProblem(
          refused,
          refused.status,
          refused.status === 401 ? 'invalid-api-key' : 'api-key-disabled',
        );
      }
      await on(t).get('/api/v1/usage').set('X-API-Key', bystander.key).expect(200);
    }
    // The keys cannot be switched back on: the account's tokens are refused.
    const list = await on(two).get('/api/keys').set('Authorization', `Bearer ${victim.accessToken}`);
    expectProblem(list, 401, 'unauthorized');
  });

  it('does not let a stolen session guess the password through the deletion faster than sign-in', async () => {
    const victim = await seedAccount(one.app);
    const from = nextClient();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      expectProblem(await remove(victim.accessToken, `guess ${i}`, from), 400, 'wrong-current-password');
    }
    const throttled = await remove(victim.accessToken, PASSWORD, from);
    expectProblem(throttled, 429, 'too-many-attempts');
    expect((await userRow(victim.userId)).deletedAt).toBeNull();
  });

  it("exports nothing of another user's, however they are related", async () => {
    const attacker = await seedAccount(one.app);
    const victim = await seedAccount(one.app);
    const text = (await exportOf(attacker.accessToken).expect(200)).text;
    for (const value of [...victim.markers, victim.key]) expect(text).not.toContain(value);
  });

  it('exports no message sent from an address the account holds without having proved it', async () => {
    // Someone wrote to support from this address; an attacker then signs up with it (never verified).
    const address = newEmail().toLowerCase();
    const subject = `Private ${randomUUID()}`;
    await givenIn(one.app).contactMessage(address, { name: 'Owner', subject, message: 'mine' });
    const attacker = await signedInUser(one.app, { email: address, verified: false });
    const text = (await exportOf(attacker.accessToken).expect(200)).text;
    expect(text).not.toContain(subject);
  });
});
