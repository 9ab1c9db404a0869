import { MikroORM } from '@mikro-orm/postgresql';
import { AuditEventsRepository, type NewAuditEvent } from '@fxrates/db';
import type { AuditEventView, AuditPage } from '@fxrates/domain';
import { renameTableAway } from '@fxrates/testing';
import { Writable } from 'node:stream';
import request from 'supertest';
import { startPayPalStandIn, type PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { expectProblem } from './security/support/problem';
import { enrolTwoFactor } from './security/support/two-factor';
import { PASSWORD, refreshCookieOf } from './support/auth-client';
import { givenIn } from './support/given';
import { payPalEnv } from './support/paypal-env';
import { signedInUser } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const BASIC_ANNUAL = 'P-BASIC-ANNUAL';
/** What a test connection's peer is, as Node reports a loopback client (IPv4, mapped, or IPv6). */
const LOOPBACK = ['127.0.0.1', '::ffff:127.0.0.1', '::1'];

/**
 * The account's audit log over HTTP: what a sign-in and a plan change record (who, when, from which
 * address and browser), what records nothing, reading it a page at a time, and its place in the
 * account export. One API behind a trusted proxy (TRUST_PROXY) and one without, to tell which address
 * each keeps; and a sign-in while the log cannot be written at all.
 */
describe('account audit log', () => {
  let proxied: TestApp;
  let direct: TestApp;
  let paypal: PayPalStandIn;
  let client = 0;
  /** The warnings of the API behind the proxy, as JSON lines. */
  const warnings: string[] = [];
  /** A client address of its own per sign-in, past the per-address sign-in limits. */
  const nextAddress = () => `198.51.100.${++client}`;

  beforeAll(async () => {
    paypal = await startPayPalStandIn({ plans: { [BASIC_ANNUAL]: { interval: 'YEAR', price: '167.88' } } });
    direct = await startTestApp(testConfig({ TRUST_PROXY: 'false' }));
    // Nest's logger is one per process, the last application's: the API whose warnings are read starts last.
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        warnings.push(chunk.toString());
        done();
      },
    });
    proxied = await startTestApp(
      testConfig({
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        ...payPalEnv(paypal, `basic.annual=${BASIC_ANNUAL}`),
      }),
      { logDestination: sink },
    );
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
    await paypal?.close();
  });

  const http = (t: TestApp = proxied) => request(t.app.getHttpServer());
  const login = (
    email: string,
    { on = proxied, from = nextAddress(), agent = CHROME_MAC, password = PASSWORD } = {},
  ) =>
    http(on)
      .post('/api/auth/login')
      .set({ 'X-Forwarded-For': from, 'User-Agent': agent })
      .send({ email, password });
  const audit = (accessToken: string, query = '', on = proxied) =>
    http(on).get(`/api/account/audit${query}`).set('Authorization', `Bearer ${accessToken}`);
  const logOf = async (accessToken: string, on = proxied): Promise<AuditEventView[]> =>
    ((await audit(accessToken, '?limit=100', on).expect(200)).body as AuditPage).data;
  /** Events written as the API writes them, at the times given: what a page is read from. */
  const recorded = (events: NewAuditEvent[]) =>
    new AuditEventsRepository(proxied.app.get(MikroORM).em.fork()).add(events);

  it('records a password sign-in: who, when, the address a trusted proxy forwarded and the browser', async () => {
    const user = await givenIn(proxied.app).user();
    const before = Date.now();
    const res = await login(user.email, { from: '203.0.113.9', agent: CHROME_MAC }).expect(200);
    const after = Date.now();

    const page = (await audit(res.body.accessToken).expect(200)).body as AuditPage;
    expect(page).toEqual({
      data: [
        {
          id: expect.any(String),
          action: 'signed-in',
          at: expect.any(String),
          actor: { type: 'user', email: user.email },
          target: null,
          detail: {},
          ip: '203.0.113.9',
          browser: 'Chrome 131 on macOS',
        },
      ],
      next: null,
    });
    const at = Date.parse(page.data[0].at);
    expect(at >= before && at <= after).toBe(true);
  });

  it('without a trusted proxy records the connection’s own address, never what X-Forwarded-For claims', async () => {
    const user = await givenIn(direct.app).user();
    const res = await login(user.email, { on: direct, from: '203.0.113.9', agent: FIREFOX_LINUX }).expect(
      200,
    );

    const [signedIn] = await logOf(res.body.accessToken, direct);
    expect(LOOPBACK).toContain(signedIn.ip);
    expect(signedIn.browser).toBe('Firefox 133 on Linux');
  });

  it('records no refused sign-in, no first step of a two-factor sign-in and no refresh; the code step is a sign-in', async () => {
    const account = await signedInUser(proxied.app);
    const { phone } = await enrolTwoFactor(proxied, account);

    expectProblem(await login(account.email, { password: 'not the password' }), 401, 'wrong-password');
    const challenge = await login(account.email).expect(200);
    expect(challenge.body.twoFactorRequired).toBe(true);
    expect(await logOf(account.accessToken)).toEqual([]);

    const completed = await http()
      .post('/api/auth/login/two-factor')
      .set({ 'X-Forwarded-For': '203.0.113.44', 'User-Agent': FIREFOX_LINUX })
      .send({ challenge: challenge.body.challenge, code: await phone.fresh() })
      .expect(200);
    await http().post('/api/auth/refresh').set('Cookie', refreshCookieOf(completed)).expect(200);

    expect(await logOf(account.accessToken)).toEqual([
      expect.objectContaining({
        action: 'signed-in',
        actor: { type: 'user', email: account.email },
        ip: '203.0.113.44',
        browser: 'Firefox 133 on Linux',
      }),
    ]);
  });

  it('records the plan a subscription moves the account to, from and to, as done by its user', async () => {
    const { userId, email, accessToken } = await signedInUser(proxied.app);
    const paypalId = paypal.createSubscription({ plan_id: BASIC_ANNUAL, custom_id: userId }).id;
    await http()
      .post('/api/v1/subscriptions')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ plan: 'basic', billingCycle: 'annual', paypalSubscriptionId: paypalId })
      .expect(201);
    // Reported again (a retry, the other tab): the plan does not change, so nothing more is recorded.
    await http()
      .post('/api/v1/subscriptions')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ plan: 'basic', billingCycle: 'annual', paypalSubscriptionId: paypalId })
      .expect(201);

    expect(await logOf(accessToken)).toEqual([
      expect.objectContaining({
        action: 'plan.changed',
        actor: { type: 'user', email },
        target: null,
        detail: { from: 'free', to: 'basic' },
      }),
    ]);
  });

  it('pages newest first by cursor and Link header, and never shows another account’s events', async () => {
    const mine = await signedInUser(proxied.app);
    const theirs = await signedInUser(proxied.app);
    const at = (second: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, second));
    const event = (userId: string, time: Date): NewAuditEvent => ({
      userId,
      action: 'signed-in',
      actor: { type: 'user', email: 'someone@example.test' },
      createdAt: time,
    });
    // Two in the same millisecond, one of the other account between them.
    await recorded([1, 2, 3, 3, 4].map((second) => event(mine.userId, at(second))));
    await recorded([event(theirs.userId, at(3))]);
    const all = await logOf(mine.accessToken);
    expect(all.map((each) => each.at)).toEqual([4, 3, 3, 2, 1].map((second) => at(second).toISOString()));

    const seen: string[] = [];
    let path = '/api/account/audit?limit=2';
    const sizes: number[] = [];
    for (;;) {
      const res = await http().get(path).set('Authorization', `Bearer ${mine.accessToken}`).expect(200);
      const page = res.body as AuditPage;
      seen.push(...page.data.map((each) => each.id));
      sizes.push(page.data.length);
      if (!page.next) {
        expect(res.headers.link).toBeUndefined();
        break;
      }
      expect(res.headers.link).toBe(
        `</api/account/audit?${new URLSearchParams({ limit: '2', cursor: page.next })}>; rel="next"`,
      );
      path = res.headers.link.slice(1, res.headers.link.indexOf('>'));
    }
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(all.map((each) => each.id));
    expect((await logOf(theirs.accessToken)).map((each) => each.id)).not.toContain(seen[0]);
    expect(await logOf(theirs.accessToken)).toHaveLength(1);
  });

  it('refuses a cursor it did not give (400 invalid-cursor), a limit out of range (400) and a caller without a token (401)', async () => {
    const { accessToken } = await signedInUser(proxied.app);
    const made = (text: string) => Buffer.from(text).toString('base64url');
    for (const cursor of [
      'not a cursor',
      made('1764547200000.not-a-uuid'),
      made('soon.0b6c1e2d-3a4b-4c5d-8e7f-9a0b1c2d3f9a'),
      '',
    ])
      expectProblem(await audit(accessToken, `?cursor=${encodeURIComponent(cursor)}`), 400, 'invalid-cursor');
    for (const limit of ['0', '101', 'ten'])
      expectProblem(await audit(accessToken, `?limit=${limit}`), 400, 'validation-failed');
    expectProblem(await http().get('/api/account/audit'), 401, 'unauthorized');
  });

  it('is in the account export, as the page shows it', async () => {
    const user = await givenIn(proxied.app).user();
    const { accessToken } = (await login(user.email, { from: '203.0.113.70' }).expect(200)).body;
    await login(user.email, { from: '203.0.113.71', agent: FIREFOX_LINUX }).expect(200);

    const exported = await http()
      .get('/api/account/export')
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200);
    expect(exported.body.auditLog).toEqual(await logOf(accessToken));
    expect(exported.body.auditLog.map((each: AuditEventView) => each.ip)).toEqual([
      '203.0.113.71',
      '203.0.113.70',
    ]);
  });

  it('lets a sign-in through when its record cannot be written, and records the next once it can', async () => {
    const user = await givenIn(proxied.app).user();
    const away = await renameTableAway(proxied.config.database.url, 'audit_events');
    let unrecorded: request.Response;
    try {
      unrecorded = await login(user.email, { from: '203.0.113.80' });
    } finally {
      await away.restore();
    }
    expect(unrecorded.status).toBe(200);
    expect(unrecorded.body.accessToken).toEqual(expect.any(String));
    expect(warnings.join('')).toContain(`Audit event signed-in of user ${user.id} not recorded`);

    await login(user.email, { from: '203.0.113.81' }).expect(200);
    expect((await logOf(unrecorded.body.accessToken)).map((each) => each.ip)).toEqual(['203.0.113.81']);
  });
});
