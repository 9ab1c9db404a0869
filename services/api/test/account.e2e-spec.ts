import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '@fxrates/db';
import { Writable } from 'node:stream';
import request from 'supertest';
import { PASSWORD, refreshCookieOf, register } from './support/auth-client';
import { signedInUser } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

describe('GET and PATCH /api/account', () => {
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await startTestApp(testConfig());
  });
  afterAll(() => t.close());

  it('shows the spec defaults for a new account', async () => {
    const { accessToken, email, res: registered } = await register(t.app, { company: 'Engines Ltd' });
    const res = await http().get('/api/account').set('Authorization', `Bearer ${accessToken}`).expect(200);
    expect(res.body).toEqual({
      email: email.toLowerCase(),
      displayName: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Engines Ltd',
      plan: 'free',
      billingCycle: 'monthly',
      status: 'active',
      startDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      currentPeriodEnd: null,
      amount: '0.00',
      currency: 'USD',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastSignInAt: null,
      pendingChange: null,
    });
    expect(registered.body.user.uid).toEqual(expect.any(String));
  });

  it('tells a new user (only the sign-up session) from one who has signed in since', async () => {
    const { accessToken, email, cookie } = await register(t.app);
    const account = (token: string) =>
      http().get('/api/account').set('Authorization', `Bearer ${token}`).expect(200);
    // Refreshing the sign-up's session keeps the user new.
    const refreshed = await http().post('/api/auth/refresh').set('Cookie', cookie).expect(200);
    expect((await account(refreshed.body.accessToken)).body.lastSignInAt).toBeNull();
    expect((await account(accessToken)).body.lastSignInAt).toBeNull();

    const before = Date.now();
    const login = await http().post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);
    const { lastSignInAt } = (await account(login.body.accessToken)).body;
    expect(Date.parse(lastSignInAt)).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(lastSignInAt)).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it('changes names and company, and the display name follows', async () => {
    const { accessToken } = await signedInUser(t.app, { company: 'Engines Ltd' });
    const res = await http()
      .patch('/api/account')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ firstName: ' Grace ', lastName: 'Hopper', company: '' })
      .expect(200);
    expect(res.body).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      displayName: 'Grace Hopper',
      company: null,
    });
    const me = await http().get('/api/auth/me').set('Authorization', `Bearer ${accessToken}`).expect(200);
    expect(me.body.displayName).toBe('Grace Hopper');
  });

  it.each(['plan', 'email', 'role', 'status', 'passwordHash'])(
    'rejects mass assignment of %s with 400 and changes nothing',
    async (field) => {
      const { accessToken, userId } = await signedInUser(t.app);
      const res = await http()
        .patch('/api/account')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ firstName: 'Mallory', [field]: field === 'email' ? 'x@example.com' : 'enterprise' })
        .expect(400);
      expect(res.body).toMatchObject({
        code: 'validation-failed',
        message: `Field "${field}" is not allowed here.`,
      });
      const row = await t.app.get(MikroORM).em.fork().findOneOrFail(User, { id: userId });
      expect(row).toMatchObject({ firstName: 'Ada', plan: 'free' });
    },
  );

  it('requires a Bearer token', async () => {
    const res = await http().get('/api/account').expect(401);
    expect(res.body.code).toBe('unauthorized');
    await http().patch('/api/account').send({ firstName: 'X' }).expect(401);
  });
});

describe('secrets never leave: responses and log lines', () => {
  it('carries no password, hash or refresh token in any response body or log line', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await startTestApp(testConfig({ LOG_LEVEL: 'trace' }), { logDestination: sink });
    try {
      const http = () => request(t.app.getHttpServer());
      const { res: registered, email, cookie, accessToken } = await register(t.app);
      const login = await http().post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);
      const refreshed = await http().post('/api/auth/refresh').set('Cookie', cookie).expect(200);
      const account = await http()
        .get('/api/account')
        .set('Authorization', `Bearer ${accessToken}`)
        .expect(200);
      await http().post('/api/auth/login').send({ email, password: 'wrong password' }).expect(401);

      const secrets = [
        PASSWORD,
        'wrong password',
        cookie.split('=')[1],
        refreshCookieOf(login).split('=')[1],
        refreshCookieOf(refreshed).split('=')[1],
        accessToken,
        '$argon2',
      ];
      const bodies = [registered, login, refreshed, account].map((res) => res.text);
      expect(lines.length).toBeGreaterThan(5);
      for (const text of [...bodies, ...lines]) {
        for (const secret of secrets) {
          if (secret === accessToken && bodies.includes(text)) continue; // the token is the body's purpose
          expect(text).not.toContain(secret);
        }
      }
      for (const text of bodies) expect(text).not.toMatch(/password/i);
    } finally {
      await t.close();
    }
  });
});
