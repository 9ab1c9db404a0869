import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { AnonymousSession } from '@fxrates/db';
import { loadBundledSnapshot } from '@fxrates/rates';
import request from 'supertest';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

describe('GET /api/rates/convert', () => {
  let t: TestApp;
  let token: string;
  const snapshot = loadBundledSnapshot();

  const convert = (query: string, sessionToken: string | null = token) => {
    const req = request(t.app.getHttpServer()).get(`/api/rates/convert${query}`);
    return sessionToken === null ? req : req.set('X-Session-Token', sessionToken);
  };

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    const res = await request(t.app.getHttpServer()).post('/api/auth/session').expect(201);
    token = res.body.sessionToken;
  });
  afterAll(() => t.close());

  it('converts 100 USD to EUR with the snapshot rate, 4 decimals', async () => {
    const res = await convert('?from=USD&to=EUR&amount=100').expect(200);
    const eur = snapshot.perUsd.get('EUR')!;
    expect(res.body).toEqual({
      from: 'USD',
      to: 'EUR',
      amount: 100,
      rate: Number(eur.toSignificantDigits(10).toString()),
      result: Number(eur.mul(100).toDecimalPlaces(4).toFixed(4)),
      timestamp: snapshot.timestamp,
      date: snapshot.date,
      source: 'bundled-snapshot',
      // The snapshot is weeks old: older than the 24 hours the converter promises.
      stale: Date.now() - Date.parse(snapshot.timestamp) > 24 * 3_600_000,
      marketClosed: false,
    });
    // The JSON text keeps the result's 4 decimals even when they end in zeros.
    expect(res.text).toMatch(/"result":\d+\.\d{4},/);
  });

  it('uses 8 decimals when either side is crypto and accepts lower-case codes', async () => {
    const res = await convert('?from=btc&to=usd&amount=0.5').expect(200);
    expect(res.body.from).toBe('BTC');
    expect(res.text).toMatch(/"result":\d+\.\d{8},/);
    const expected = snapshot.perUsd.get('BTC')!.pow(-1).mul('0.5').toDecimalPlaces(8).toFixed(8);
    expect(res.text).toContain(`"result":${expected},`);
  });

  it('keeps every digit of a 1e15 amount', async () => {
    const res = await convert('?from=USD&to=INR&amount=1000000000000000').expect(200);
    const expected = snapshot.perUsd.get('INR')!.mul('1e15').toDecimalPlaces(4).toFixed(4);
    expect(res.text).toContain(`"result":${expected},`);
  });

  it('answers amount, rate and result as exact decimal strings with numbers=string', async () => {
    const query = '?from=USD&to=INR&amount=1000000000000000';
    const exact = await convert(`${query}&numbers=string`).expect(200);
    const inr = snapshot.perUsd.get('INR')!;
    const result = inr.mul('1e15').toDecimalPlaces(4).toFixed(4);
    expect(exact.body).toMatchObject({
      from: 'USD',
      to: 'INR',
      amount: '1000000000000000',
      rate: inr.toSignificantDigits(10).toFixed(),
      result,
      source: 'bundled-snapshot',
    });
    // More significant digits than a double holds: only the string keeps them all.
    expect(result.replace(/\D/g, '').length).toBeGreaterThan(17);
    expect(String(Number(result))).not.toBe(result);
    // The same digits as the default answer's number literal, which JSON.parse would round.
    const numeric = await convert(query).expect(200);
    expect(numeric.text).toContain(`"result":${result},`);
    expect(await convert(`${query}&numbers=number`).expect(200)).toMatchObject({ text: numeric.text });
  });

  it.each([
    ['?to=EUR&amount=1', 'missing-parameter', /"from" is required/],
    ['?from=USD&amount=1', 'missing-parameter', /"to" is required/],
    ['?from=USD&to=EUR', 'missing-parameter', /"amount" is required/],
    ['?from=XYZ&to=EUR&amount=1', 'unknown-currency', /"XYZ" in "from"/],
    ['?from=USD&to=E&amount=1', 'unknown-currency', /"E" in "to"/],
    ['?from=USD&to=EUR&amount=-5', 'invalid-amount', /non-negative decimal/],
    ['?from=USD&to=EUR&amount=abc', 'invalid-amount', /non-negative decimal/],
    ['?from=USD&to=EUR&amount=1e3', 'invalid-amount', /non-negative decimal/],
    ['?from=USD&to=EUR&amount=', 'invalid-amount', /non-negative decimal/],
    ['?from=USD&to=EUR&amount=1000000000000000.01', 'amount-too-large', /at most/],
    ['?from=USD&to=EUR&amount=99999999999999999999', 'amount-too-large', /at most/],
    ['?from=USD&to=EUR&amount=1&extra=1', 'validation-failed', /Unknown parameter "extra"/],
    [
      '?from=USD&to=EUR&amount=1&numbers=float',
      'validation-failed',
      /"numbers" must be "number" or "string"/,
    ],
    [
      '?from=USD&to=EUR&amount=1&numbers=string&numbers=number',
      'validation-failed',
      /"numbers" must be given once/,
    ],
    ['?from=USD&from=GBP&to=EUR&amount=1', 'validation-failed', /"from" must be given once/],
    ['?from=%20usd%20&to=EUR&amount=1.2.3', 'invalid-amount', /non-negative decimal/],
  ])('refuses %s with 400 %s', async (query, code, message) => {
    const res = await convert(query).expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      status: 400,
      code,
      type: `/problems/${code}`,
      instance: '/api/rates/convert',
    });
    expect(res.body.message).toMatch(message);
    expect(res.body.title).toEqual(expect.any(String));
  });

  it('refuses a missing, malformed or unknown token with 401', async () => {
    const missing = await convert('?from=USD&to=EUR&amount=1', null).expect(401);
    expect(missing.body.code).toBe('missing-session-token');
    const malformed = await convert('?from=USD&to=EUR&amount=1', 'not-a-token').expect(401);
    expect(malformed.body.code).toBe('invalid-session-token');
    const unknown = await convert('?from=USD&to=EUR&amount=1', randomBytes(32).toString('base64url')).expect(
      401,
    );
    expect(unknown.body.code).toBe('invalid-session-token');
  });

  it('checks the session before the query, so a bad token is a 401 whatever the query', async () => {
    const res = await convert('?from=XYZ', 'not-a-token').expect(401);
    expect(res.body.code).toBe('invalid-session-token');
  });

  it('answers CORS for the web origin and a HEAD like a GET', async () => {
    const res = await convert('?from=USD&to=EUR&amount=1').set('Origin', 'http://localhost:3000').expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    await request(t.app.getHttpServer())
      .head('/api/rates/convert?from=USD&to=EUR&amount=1')
      .set('X-Session-Token', token)
      .expect(200);
  });

  it('refuses an expired session with 401 session-expired', async () => {
    const res = await request(t.app.getHttpServer()).post('/api/auth/session').expect(201);
    const expired: string = res.body.sessionToken;
    // A second API instance has never seen this token, so it must read the expiry from PostgreSQL.
    const other = await startTestApp(t.config);
    try {
      const { createHash } = await import('node:crypto');
      const hash = createHash('sha256').update(expired).digest('hex');
      await other.app
        .get(MikroORM)
        .em.fork()
        .nativeUpdate(AnonymousSession, { tokenHash: hash }, { expiresAt: new Date(Date.now() - 1000) });
      const refused = await request(other.app.getHttpServer())
        .get('/api/rates/convert?from=USD&to=EUR&amount=1')
        .set('X-Session-Token', expired)
        .expect(401);
      expect(refused.body.code).toBe('session-expired');
    } finally {
      await other.app.close();
      await other.redis.quit();
    }
  });

  it('echoes a safe X-Request-Id and replaces an unsafe one', async () => {
    const kept = await convert('?from=USD&to=EUR&amount=1').set('X-Request-Id', 'abc-123').expect(200);
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await convert('?from=USD&to=EUR&amount=1')
      .set('X-Request-Id', 'bad id with spaces')
      .expect(200);
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown routes with a problem+json 404', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/nothing-here').expect(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 404, code: 'not-found' });
  });
});
