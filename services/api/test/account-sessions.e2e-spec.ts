import { MikroORM } from '@mikro-orm/postgresql';
import { AccountSession } from '@fxrates/db';
import type { AccountSessionView } from '@fxrates/domain';
import request from 'supertest';
import { startThrowawayRedis, type ThrowawayRedis } from '../../worker/test/support/throwaway-redis';
import { until } from '../../worker/test/support/waiting';
import { PASSWORD, refreshCookieOf } from './support/auth-client';
import { givenIn } from './support/given';
import { signedInUser } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface Session {
  accessToken: string;
  cookie: string;
}

type Listed = AccountSessionView;

/**
 * Sessions, over HTTP on two API instances sharing PostgreSQL and Redis: the account
 * page's list (browser from the User-Agent, place from the network of the address a trusted proxy
 * tells), and signing sessions out, which refuses their refresh and access tokens at once everywhere.
 */
describe('account sessions', () => {
  let a: TestApp;
  let b: TestApp;
  let client = 0;
  /** A client address of its own per sign-in, past the per-address sign-in limits. */
  const nextAddress = () => `198.51.100.${++client}`;

  beforeAll(async () => {
    const config = testConfig({ TRUST_PROXY: 'true' });
    a = await startTestApp(config);
    b = await startTestApp(config);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const http = (t: TestApp = a) => request(t.app.getHttpServer());
  const signIn = async (
    email: string,
    {
      on = a,
      agent = CHROME_MAC,
      from = nextAddress(),
    }: { on?: TestApp; agent?: string; from?: string } = {},
  ): Promise<Session> => {
    const res = await http(on)
      .post('/api/auth/login')
      .set({ 'User-Agent': agent, 'X-Forwarded-For': from })
      .send({ email, password: PASSWORD })
      .expect(200);
    return { accessToken: res.body.accessToken, cookie: refreshCookieOf(res) };
  };
  const list = (session: Session, on = a) =>
    http(on).get('/api/account/sessions').set('Authorization', `Bearer ${session.accessToken}`);
  const listed = async (session: Session, on = a): Promise<Listed[]> =>
    (await list(session, on).expect(200)).body as Listed[];
  const currentId = async (session: Session) => (await listed(session)).find((s) => s.current)!.id;
  const signOut = (session: Session, id: string, on = a) =>
    http(on).delete(`/api/account/sessions/${id}`).set('Authorization', `Bearer ${session.accessToken}`);
  const signOutOthers = (session: Session, on = a) =>
    http(on).delete('/api/account/sessions').set('Authorization', `Bearer ${session.accessToken}`);
  const account = (session: Session, on = a) =>
    http(on).get('/api/account').set('Authorization', `Bearer ${session.accessToken}`);
  const refresh = (session: Session, on = a) =>
    http(on).post('/api/auth/refresh').set('Cookie', session.cookie);

  it('lists the sessions, the most recently used first, with browser and place from the network of a trusted proxy’s address, the caller’s marked', async () => {
    // Signed in once already (no browser told): that session is listed too.
    const { email } = await signedInUser(a.app);
    const laptop = await signIn(email, { agent: CHROME_MAC, from: '81.2.69.142' });
    const phone = await signIn(email, { on: b, agent: FIREFOX_LINUX, from: '2001:db8:1:2::7' });

    const sessions = await listed(laptop);
    const mine = sessions.filter((s) => s.browser !== 'Unknown browser');
    expect(mine).toEqual([
      expect.objectContaining({
        browser: 'Firefox 133 on Linux',
        network: '2001:db8:1::/48',
        place: null,
        current: false,
      }),
      expect.objectContaining({
        browser: 'Chrome 131 on macOS',
        network: '81.2.69.0/24',
        place: expect.stringMatching(/United Kingdom$/),
        current: true,
      }),
    ]);
    // The first sign-in's session is there too, and the list is the most recently used first.
    expect(sessions).toHaveLength(3);
    const times = sessions.map((s) => Date.parse(s.lastUsedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    // The other device sees the same list, itself marked.
    expect((await listed(phone, b)).filter((s) => s.current).map((s) => s.browser)).toEqual([
      'Firefox 133 on Linux',
    ]);
    // Nothing but the network is kept: neither address nor any token is in the answer.
    const text = JSON.stringify(sessions);
    for (const secret of [
      '81.2.69.142',
      '2001:db8:1:2::7',
      laptop.cookie.split('=')[1],
      phone.cookie.split('=')[1],
    ])
      expect(text).not.toContain(secret);
  });

  it('does not sign out, nor tell of, another user’s session: 404 as for one that does not exist', async () => {
    const alice = await givenIn(a.app).user();
    const aliceSession = await signIn(alice.email);
    const aliceId = await currentId(aliceSession);
    const bob = await givenIn(a.app).user();
    const bobSession = await signIn(bob.email);

    expect((await listed(bobSession)).map((s) => s.id)).not.toContain(aliceId);
    for (const id of [aliceId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const res = await signOut(bobSession, encodeURIComponent(id)).expect(404);
      expect([res.headers['content-type'], res.body.code]).toEqual([
        'application/problem+json',
        'session-not-found',
      ]);
    }
    await account(aliceSession).expect(200);
    await refresh(aliceSession).expect(200);
  });

  it('signs one session out: its refresh token and its unexpired access token are refused at once, on every instance', async () => {
    const { email } = await givenIn(a.app).user();
    const laptop = await signIn(email, { on: a });
    const phone = await signIn(email, { on: b, agent: FIREFOX_LINUX });
    await account(phone, b).expect(200);
    const phoneId = await currentId(phone);

    await signOut(laptop, phoneId, a).expect(204);

    for (const on of [a, b]) {
      const res = await account(phone, on).expect(401);
      expect(res.body.code).toBe('unauthorized');
    }
    expect((await refresh(phone, b).expect(401)).body.code).toBe('invalid-refresh-token');
    // The one that signed it out goes on, and no longer lists it; signing it out again is 404.
    await account(laptop, b).expect(200);
    expect((await listed(laptop)).map((s) => s.id)).not.toContain(phoneId);
    await signOut(laptop, phoneId, b).expect(404);
  });

  it('signs out every other session and keeps the caller’s', async () => {
    const { email } = await givenIn(a.app).user();
    const keep = await signIn(email);
    const others = [await signIn(email, { on: b }), await signIn(email, { agent: FIREFOX_LINUX })];

    await signOutOthers(keep, b).expect(204);

    for (const other of others) {
      await account(other, a).expect(401);
      await account(other, b).expect(401);
      await refresh(other).expect(401);
    }
    await account(keep, a).expect(200);
    expect((await listed(keep)).map((s) => s.current)).toEqual([true]);
    // The caller's refresh token still rotates, and the new access token works.
    const rotated = await refresh(keep).expect(200);
    await account({ accessToken: rotated.body.accessToken, cookie: '' }).expect(200);
  });

  it('signs the current session out too: that is signing out', async () => {
    const { email } = await givenIn(a.app).user();
    const session = await signIn(email);
    await signOut(session, await currentId(session)).expect(204);
    await account(session, b).expect(401);
    await refresh(session).expect(401);
  });

  it('ends the other sessions’ access tokens at once on a password change, and the session’s on logout', async () => {
    const { email } = await givenIn(a.app).user();
    const changer = await signIn(email);
    const other = await signIn(email, { on: b });
    await account(other, b).expect(200);

    await http()
      .post('/api/auth/password')
      .set({ Authorization: `Bearer ${changer.accessToken}`, Cookie: changer.cookie })
      .send({
        currentPassword: PASSWORD,
        password: 'another horse battery',
        confirmPassword: 'another horse battery',
      })
      .expect(204);
    await account(other, b).expect(401);
    await account(changer, b).expect(200);

    await http(b).post('/api/auth/logout').set('Cookie', changer.cookie).expect(204);
    await account(changer, a).expect(401);
  });

  it('refreshes record the session’s use; signed-in calls do too, at most every 5 minutes', async () => {
    const { email } = await givenIn(a.app).user();
    const session = await signIn(email);
    const id = await currentId(session);
    const db = () => a.app.get(MikroORM).em.fork();
    const lastUsed = async () => (await db().findOneOrFail(AccountSession, { id })).lastUsedAt.getTime();
    const backdate = (minutes: number) =>
      db().nativeUpdate(AccountSession, { id }, { lastUsedAt: new Date(Date.now() - minutes * 60_000) });

    await backdate(4);
    const recent = await lastUsed();
    await account(session).expect(200);
    expect(await lastUsed()).toBe(recent); // used 4 minutes ago: no write

    await backdate(6);
    const stale = await lastUsed();
    await account(session).expect(200);
    expect(await lastUsed()).toBeGreaterThan(stale + 5 * 60_000);

    await backdate(1);
    const beforeRefresh = await lastUsed();
    await http()
      .post('/api/auth/refresh')
      .set({ Cookie: session.cookie, 'User-Agent': FIREFOX_LINUX, 'X-Forwarded-For': '8.8.8.8' })
      .expect(200);
    expect(await lastUsed()).toBeGreaterThan(beforeRefresh);
    expect((await listed(session)).find((s) => s.id === id)).toMatchObject({
      browser: 'Firefox 133 on Linux',
      network: '8.8.8.0/24',
      place: 'United States',
    });
  });

  it('refuses to sign sessions out from a page of another origin', async () => {
    const { email } = await givenIn(a.app).user();
    const session = await signIn(email);
    const other = await signIn(email);
    const otherId = await currentId(other);
    for (const call of [() => signOut(session, otherId), () => signOutOthers(session)]) {
      const res = await call()
        .set('Origin', 'https://evil.example')
        .set('Sec-Fetch-Site', 'cross-site')
        .expect(403);
      expect(res.body.code).toBe('origin-not-allowed');
    }
    await account(other).expect(200);
  });
});

/**
 * The sessions' state is in PostgreSQL, which every dashboard call already reads: with Redis
 * really stopped (a redis-server of this file's own, killed), the list and signing out still work,
 * and a signed-out session's access token is still refused at once.
 */
describe('account sessions while Redis is down', () => {
  let redis: ThrowawayRedis;
  let t: TestApp;

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    t = await startTestApp(testConfig({ REDIS_URL: redis.url }));
  });
  afterAll(async () => {
    // Back up and reconnected, so that the app's clients close as they do in production.
    await redis?.start();
    await until(async () => (await request(t.app.getHttpServer()).get('/api/health/ready')).status === 200);
    await t?.close();
    await redis?.stop();
  });

  it('lists and signs out sessions, and refuses the signed-out one’s access token', async () => {
    const http = () => request(t.app.getHttpServer());
    const { email, accessToken } = await signedInUser(t.app);
    const other = await http().post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

    await redis.kill();

    const sessions = (await http().get('/api/account/sessions').set(bearer(accessToken)).expect(200))
      .body as Listed[];
    expect(sessions).toHaveLength(2);
    const otherId = sessions.find((s) => !s.current)!.id;
    await http().get('/api/account').set(bearer(other.body.accessToken)).expect(200);
    await http().delete(`/api/account/sessions/${otherId}`).set(bearer(accessToken)).expect(204);
    await http().get('/api/account').set(bearer(other.body.accessToken)).expect(401);
    await http().get('/api/account').set(bearer(accessToken)).expect(200);
  });
});
