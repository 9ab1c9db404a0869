import { RateDecimal } from '@fxrates/rates';
import request from 'supertest';
import { UsageBreakdownCounter } from '../src/modules/usage';
import { givenIn } from './support/given';
import { MovingClock } from './support/moving-clock';
import { signedInUser } from './support/signed-in';
import { publishedAt, storeSignedFixings, uniqueCutName } from './support/signed-fixings';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const BATCH = '/api/v1/convert/batch';

/**
 * Closes (units per 1 USD) of a week of 1991 no other test seeds: Friday the 7th is the last close
 * before the weekend of the 8th and 9th.
 */
const CLOSES: Record<string, Record<string, string>> = {
  '1991-06-05': { EUR: '0.84', GBP: '0.59', JPY: '140.5' },
  '1991-06-06': { EUR: '0.845', GBP: '0.595', JPY: '141' },
  '1991-06-07': { EUR: '0.85', GBP: '0.6', JPY: '142.25' },
};

/** A fixing of a cut no deployment configures, so it meets no fixing the worker makes. */
const FIXING_CUT = uniqueCutName();
const FIXING_DAY = '2026-11-27';
const FIXING_ID = `fix_${FIXING_CUT}_20261127`;
const FIXING_RATES = { EUR: '0.9', GBP: '0.75', JPY: '155.5' };

interface Row {
  ref?: unknown;
  amount?: unknown;
  from?: unknown;
  to?: unknown;
  at?: unknown;
  [other: string]: unknown;
}

const halfEven = (value: RateDecimal, decimals: number) =>
  value.toDecimalPlaces(decimals, RateDecimal.ROUND_HALF_EVEN).toFixed(decimals);

describe('POST /api/v1/convert/batch', () => {
  let t: TestApp;
  const clock = new MovingClock();
  const http = () => request(t.app.getHttpServer());
  let professional: string;
  const batch = (key: string, rows: Row[] | unknown, query = '') =>
    http()
      .post(`${BATCH}${query}`)
      .set('X-API-Key', key)
      .send(Array.isArray(rows) ? { rows } : (rows as object));
  /** A body sent as written, JSON unless `type` says otherwise. */
  const batchText = (body: string, type = 'application/json') =>
    http().post(BATCH).set('X-API-Key', professional).set('content-type', type).send(body);
  const used = async (key: string): Promise<number> =>
    (await http().get('/api/v1/usage').set('X-API-Key', key).expect(200)).body.used;

  beforeAll(async () => {
    t = await startTestApp(testConfig(), { clock });
    await givenIn(t.app).closes(CLOSES);
    await storeSignedFixings(t.app, [
      {
        cut: FIXING_CUT,
        day: FIXING_DAY,
        cutAt: `${FIXING_DAY}T16:00:00.000Z`,
        perUsd: FIXING_RATES,
        origin: publishedAt(`${FIXING_DAY}T15:00:00.000Z`, { JPY: 'frankfurter' }),
      },
    ]);
    ({ key: professional } = await givenIn(t.app).keyOnPlan({ plan: 'professional', name: 'batch' }));
  });
  afterAll(async () => {
    await givenIn(t.app).noCloses({ from: '1991-06-05', to: '1991-06-07' });
    await t.close();
  });

  it('answers a 1,000-row batch with one bad currency with 999 results and one problem, in order, each as GET /api/v1/convert answers it', async () => {
    const pairs = [
      ['USD', 'EUR'],
      ['EUR', 'JPY'],
      ['GBP', 'CHF'],
      ['BTC', 'USD'],
      ['USD', 'ETH'],
      ['JPY', 'KWD'],
      ['XAU', 'EUR'],
    ];
    const amounts: unknown[] = [
      '100',
      2500.5,
      '0.01',
      '123456789012345.123456789',
      7,
      '999999999999999',
      '.5',
    ];
    const rows: Row[] = Array.from({ length: 1_000 }, (_, i) => {
      const [from, to] = pairs[i % pairs.length];
      return { ref: `row-${i}`, amount: amounts[i % amounts.length], from, to };
    });
    rows[617] = { ref: 'bad', amount: '10', from: 'USD', to: 'XYZ' };
    const res = await batch(professional, rows).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['ratelimit-policy']).toBeDefined();
    const { results, ok, failed, calls } = res.body;
    expect({ ok, failed, calls }).toEqual({ ok: 999, failed: 1, calls: 10 });
    expect(results).toHaveLength(1_000);
    expect(results.map((r: { index: number }) => r.index)).toEqual(rows.map((_, i) => i));
    expect(results.map((r: { ref: string }) => r.ref)).toEqual(rows.map((row) => row.ref));
    expect(results.filter((r: object) => 'problem' in r)).toEqual([
      {
        index: 617,
        ref: 'bad',
        problem: expect.objectContaining({
          type: '/problems/unknown-currency',
          status: 400,
          code: 'unknown-currency',
          title: 'Unknown currency',
        }),
      },
    ]);

    // Every row as GET answers it, member for member, in both number formats.
    clock.advance(1_000); // the next second's burst
    const strings = (await batch(professional, rows, '?numbers=string').expect(200)).body.results;
    for (const i of [0, 1, 2, 3, 4, 5, 6, 10, 101, 333, 998, 999]) {
      const { from, to, amount } = rows[i];
      const query = `from=${String(from)}&to=${String(to)}&amount=${String(amount)}`;
      clock.advance(1_000);
      const get = (await http().get(`/api/v1/convert?${query}`).set('X-API-Key', professional).expect(200))
        .body;
      expect(results[i]).toEqual({ index: i, ref: `row-${i}`, at: 'now', ...get });
      const getStrings = (
        await http().get(`/api/v1/convert?${query}&numbers=string`).set('X-API-Key', professional).expect(200)
      ).body;
      expect(strings[i]).toEqual({ index: i, ref: `row-${i}`, at: 'now', ...getStrings });
    }
    // Exact: an amount a double cannot hold keeps its every digit, and a JSON number amount its digits as written.
    expect(strings[3].amount).toBe('123456789012345.123456789');
    expect(results[3].amount).toBe('123456789012345.123456789');
    expect(results[1].amount).toBe(2500.5);
  });

  it('converts at a day with the close /historical uses, carried forward over a weekend, exact and half-even', async () => {
    const rows = [
      { ref: 'friday', amount: '1234.56', from: 'EUR', to: 'GBP', at: '1991-06-07' },
      { ref: 'saturday', amount: '1234.56', from: 'EUR', to: 'GBP', at: '1991-06-08' },
      { ref: 'jpy', amount: 1, from: 'USD', to: 'JPY', at: '1991-06-06' },
      { ref: 'future', amount: 1, from: 'USD', to: 'EUR', at: '2999-01-01' },
      { ref: 'no-day', amount: 1, from: 'USD', to: 'EUR', at: '1991-02-30' },
      { ref: 'no-close', amount: 1, from: 'USD', to: 'BTC', at: '1991-06-07' },
    ];
    const { results, ok, failed } = (await batch(professional, rows, '?numbers=string').expect(200)).body;
    expect({ ok, failed }).toEqual({ ok: 3, failed: 3 });
    const rate = new RateDecimal('0.6').div('0.85');
    expect(results[0]).toMatchObject({
      at: '1991-06-07',
      date: '1991-06-07',
      rate: rate.toSignificantDigits(10, RateDecimal.ROUND_HALF_EVEN).toString(),
      result: halfEven(rate.mul('1234.56'), 4),
      source: ['ecb'],
      stale: false,
      marketClosed: false,
    });
    expect(results[0].carriedForwardFrom).toBeUndefined();
    expect(results[1]).toMatchObject({
      at: '1991-06-08',
      date: '1991-06-08',
      carriedForwardFrom: '1991-06-07',
      marketClosed: true,
      result: results[0].result,
    });
    expect(results[2]).toMatchObject({ rate: '141', result: '141.0000' });
    const historical = (
      await http()
        .get('/api/v1/rates/historical/1991-06-08?base=EUR&symbols=GBP&numbers=string')
        .set('X-API-Key', professional)
        .expect(200)
    ).body;
    expect(results[1].rate).toBe(historical.rates.GBP);
    expect(results[1].timestamp).toBe(historical.timestamp);
    expect(results.slice(3).map((r: { problem: { code: string } }) => r.problem.code)).toEqual([
      'date-out-of-range',
      'invalid-date',
      'history-unavailable',
    ]);
  });

  it("converts at a fixing with that fixing's frozen rates, and refuses an unknown one in its row", async () => {
    const rows = [
      { amount: '1000', from: 'EUR', to: 'JPY', at: FIXING_ID },
      { amount: '1000', from: 'EUR', to: 'JPY', at: `fix_${FIXING_CUT}_20261126` },
      { amount: '1000', from: 'EUR', to: 'KWD', at: FIXING_ID },
      { amount: '1000', from: 'EUR', to: 'JPY', at: 'fix_lowercase_1' },
    ];
    const { results } = (await batch(professional, rows, '?numbers=string').expect(200)).body;
    const rate = new RateDecimal('155.5').div('0.9');
    expect(results[0]).toEqual({
      index: 0,
      at: FIXING_ID,
      from: 'EUR',
      to: 'JPY',
      amount: '1000',
      rate: rate.toSignificantDigits(10, RateDecimal.ROUND_HALF_EVEN).toString(),
      result: halfEven(rate.mul(1000), 4),
      minorUnits: 0,
      timestamp: '2026-11-27T15:00:00.000Z',
      date: '2026-11-27',
      source: ['ecb', 'frankfurter'],
      stale: false,
      marketClosed: false,
    });
    expect(results.slice(1).map((r: { problem: { code: string } }) => r.problem.code)).toEqual([
      'fixing-not-found',
      'history-unavailable',
      'validation-failed',
    ]);
  });

  it('meters one call per 100 rows started: 1 row 1, 101 rows 2, 1,000 rows 10', async () => {
    const { key } = await givenIn(t.app).keyOnPlan({ plan: 'professional', name: 'metered' });
    const rows = (n: number) => Array.from({ length: n }, () => ({ amount: '1', from: 'USD', to: 'EUR' }));
    expect(await used(key)).toBe(0);
    await batch(key, rows(1)).expect(200);
    expect(await used(key)).toBe(1);
    await batch(key, rows(100)).expect(200);
    expect(await used(key)).toBe(2);
    await batch(key, rows(101)).expect(200);
    expect(await used(key)).toBe(4);
    clock.advance(1_000); // the next second's burst
    await batch(key, rows(1_000)).expect(200);
    expect(await used(key)).toBe(14);
    // Rows refused count the same: a call per 100 rows sent.
    clock.advance(1_000);
    await batch(key, [{ amount: '1', from: 'USD', to: 'NOPE' }]).expect(200);
    expect(await used(key)).toBe(15);
  });

  it('refuses a batch whole with 429 when the quota cannot take all its calls, and counts nothing', async () => {
    const given = givenIn(t.app);
    const user = await given.user({ plan: 'basic' });
    const key = await given.key(user, { name: 'near the quota' });
    await given.usage(key, { [new Date(clock.now()).toISOString().slice(0, 10)]: 9_995 });
    const rows = Array.from({ length: 1_000 }, () => ({ amount: '1', from: 'USD', to: 'EUR' }));
    const refused = await batch(key.key, rows).expect(429);
    expect(refused.body.code).toBe('quota-exceeded');
    expect(refused.body.message).toMatch(/counts as 10 calls/);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.headers['x-ratelimit-remaining']).toBe('5');
    expect(await used(key.key)).toBe(9_995);
    // Five calls still fit: 500 rows take them all, and a single GET is refused after.
    clock.advance(1_000);
    await batch(key.key, rows.slice(0, 500)).expect(200);
    expect(await used(key.key)).toBe(10_000);
    await http().get('/api/v1/convert?from=USD&to=EUR&amount=1').set('X-API-Key', key.key).expect(429);
  });

  it("refuses a batch whole with 429 over the second's burst, counting nothing, and admits it the next second", async () => {
    const { key } = await givenIn(t.app).keyOnPlan({ plan: 'basic', name: 'burst' });
    const rows = Array.from({ length: 600 }, () => ({ amount: '1', from: 'USD', to: 'EUR' }));
    clock.advance(1_000);
    await batch(key, rows).expect(200); // 6 of Basic's 10 a second
    const refused = await batch(key, rows).expect(429);
    expect(refused.body.code).toBe('rate-limited');
    expect(await used(key)).toBe(6);
    // What the refused batch did not count is still there for calls of the same second.
    await batch(key, rows.slice(0, 400)).expect(200);
    expect(await used(key)).toBe(10);
    clock.advance(1_000);
    await batch(key, rows).expect(200);
    expect(await used(key)).toBe(16);
  });

  it('counts each batch once in the usage breakdown, under convert/batch', async () => {
    const { key } = await givenIn(t.app).keyOnPlan({ plan: 'professional', name: 'breakdown' });
    clock.advance(1_000);
    await batch(key, [{ amount: '1', from: 'USD', to: 'EUR' }]).expect(200);
    await batch(key, { rows: [] }).expect(400);
    await t.app.get(UsageBreakdownCounter).flush();
    const { breakdown } = (await http().get('/api/v1/usage').set('X-API-Key', key).expect(200)).body;
    const cells = breakdown.rows.filter((row: { endpoint: string }) => row.endpoint === 'convert/batch');
    expect(
      cells
        .map(({ statusClass, calls }: { statusClass: string; calls: number }) => [statusClass, calls])
        .sort(),
    ).toEqual([
      ['2xx', 1],
      ['4xx', 1],
    ]);
  });

  it('gates the endpoint, days and currencies by plan: Free is refused whole, a currency outside the plan in its row', async () => {
    const { key: free } = await givenIn(t.app).keyOnPlan({ plan: 'free', name: 'free' });
    const refused = await batch(free, [{ amount: '1', from: 'USD', to: 'EUR' }]).expect(403);
    expect(refused.body).toMatchObject({ code: 'plan-upgrade-required', requiredPlan: 'basic' });
    const { key: basic } = await givenIn(t.app).keyOnPlan({ plan: 'basic', name: 'basic' });
    clock.advance(1_000);
    const { results } = (
      await batch(basic, [
        { amount: '1', from: 'USD', to: 'EUR', at: '1991-06-07' },
        { amount: '1', from: 'USD', to: 'PEPE' },
      ]).expect(200)
    ).body;
    expect(results[0].result).toBe(0.85);
    expect(results[1].problem).toMatchObject({
      code: 'plan-upgrade-required',
      requiredPlan: 'professional',
      currentPlan: 'basic',
    });
  });

  it('answers a test key from the bundled snapshot, marked as test, and never counts it', async () => {
    const { accessToken, userId } = await signedInUser(t.app, { plan: 'basic' });
    const created = await http()
      .post('/api/keys')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ name: 'test', kind: 'test' })
      .expect(201);
    clock.advance(1_000);
    const res = await batch(created.body.key, [{ amount: '1', from: 'USD', to: 'EUR' }]).expect(200);
    expect(res.text.startsWith('{"environment":"test","results":[')).toBe(true);
    expect(res.headers['fxrates-environment']).toBe('test');
    expect(res.body.results[0].source).toEqual(['bundled-snapshot']);
    const { key: live } = await givenIn(t.app).key({ id: userId }, { name: 'live' });
    expect(await used(live)).toBe(0);
  });

  it('takes the key as Authorization: Bearer too, and refuses none or a wrong one', async () => {
    const rows = [{ amount: '1', from: 'USD', to: 'EUR' }];
    clock.advance(1_000);
    await http().post(BATCH).set('Authorization', `Bearer ${professional}`).send({ rows }).expect(200);
    expect((await http().post(BATCH).send({ rows }).expect(401)).body.code).toBe('missing-api-key');
    expect(
      (await http().post(BATCH).set('X-API-Key', 'fxrates_nope').send({ rows }).expect(401)).body.code,
    ).toBe('invalid-api-key');
  });

  describe('hostile bodies: a clear 4xx for the batch, or a problem in the row, never a 5xx', () => {
    const rowProblem = async (row: Row) => {
      clock.advance(1_000);
      const res = await batch(professional, [
        row,
        { ref: 'fine', amount: '1', from: 'USD', to: 'EUR' },
      ]).expect(200);
      expect(res.body.results[1]).toMatchObject({ ref: 'fine', from: 'USD' });
      return res.body.results[0].problem?.code;
    };

    it.each([
      ['1e400', 'invalid-amount'],
      ['NaN', 'invalid-amount'],
      ['-5', 'invalid-amount'],
      ['1,000', 'invalid-amount'],
      ['9'.repeat(65), 'invalid-amount'],
      ['1000000000000000.01', 'amount-too-large'],
    ])('an amount of "%s" is its row\'s %s', async (amount, code) => {
      expect(await rowProblem({ amount, from: 'USD', to: 'EUR' })).toBe(code);
    });

    it('reads JSON numbers as written: 1e400, a negative, a huge integer, and refuses objects and arrays', async () => {
      clock.advance(1_000);
      const raw =
        '{"rows":[{"amount":1e400,"from":"USD","to":"EUR"},{"amount":-1,"from":"USD","to":"EUR"},' +
        '{"amount":123456789012345678901234567890,"from":"USD","to":"EUR"},{"amount":{"value":1},"from":"USD","to":"EUR"},' +
        '{"amount":[1],"from":"USD","to":"EUR"},{"amount":true,"from":"USD","to":"EUR"},{"amount":null,"from":"USD","to":"EUR"},' +
        '{"amount":100.10,"from":"USD","to":"EUR"},{"amount":5,"from":{"a":1},"to":"EUR"},{"amount":5,"from":"USD"},' +
        '{"amount":5,"from":"USD","to":"EUR","extra":1},{"amount":5,"from":"USD","to":"EUR","ref":7},' +
        `{"amount":5,"from":"USD","to":"EUR","ref":"${'r'.repeat(129)}"},{"amount":5,"from":"USD","to":"EUR","at":"yesterday"},` +
        '{"amount":5,"from":"XAU","to":"EUR","unit":"lb"},{"amount":5,"from":"USD","to":"EUR","unit":"g"}]}';
      const res = await batchText(raw).expect(200);
      const codes = res.body.results.map((r: { problem?: { code: string } }) => r.problem?.code ?? 'ok');
      expect(codes).toEqual([
        'invalid-amount',
        'invalid-amount',
        'amount-too-large',
        'invalid-amount',
        'invalid-amount',
        'invalid-amount',
        'invalid-amount',
        'ok',
        'validation-failed',
        'missing-parameter',
        'validation-failed',
        'validation-failed',
        'validation-failed',
        'validation-failed',
        'invalid-unit',
        'unit-without-metal',
      ]);
      expect(res.body.results[7].amount).toBe(100.1);
      expect(res.body.results[11].ref).toBeUndefined();
    });

    it('keeps the digits inside strings as they are, and reads numbers only outside them', async () => {
      clock.advance(1_000);
      const raw =
        '{"rows":[{"ref":"say \\"amount\\": 5, 1e3 \\\\ 12","amount":12.50,"from":"USD","to":"EUR"},' +
        '{"ref":"-7","amount":"3","from":"USD","to":"EUR"}]}';
      const res = await batchText(raw).expect(200);
      expect(res.body.results.map((r: { ref: string; amount: number }) => [r.ref, r.amount])).toEqual([
        ['say "amount": 5, 1e3 \\ 12', 12.5],
        ['-7', 3],
      ]);
    });

    it('echoes duplicate refs as they are, each row by its index', async () => {
      clock.advance(1_000);
      const rows = [1, 2, 3].map((n) => ({ ref: 'same', amount: String(n), from: 'USD', to: 'EUR' }));
      const { results } = (await batch(professional, rows).expect(200)).body;
      expect(
        results.map((r: { ref: string; index: number; amount: number }) => [r.ref, r.index, r.amount]),
      ).toEqual([
        ['same', 0, 1],
        ['same', 1, 2],
        ['same', 2, 3],
      ]);
    });

    it.each([
      ['no rows', { rows: [] }, 400, 'validation-failed'],
      [
        '1,001 rows',
        { rows: Array.from({ length: 1_001 }, () => ({ amount: '1', from: 'USD', to: 'EUR' })) },
        400,
        'validation-failed',
      ],
      ['a bare array', [{ amount: '1', from: 'USD', to: 'EUR' }], 400, 'validation-failed'],
      ['rows not an array', { rows: { 0: {} } }, 400, 'validation-failed'],
      ['rows that are a number', { rows: 5 }, 400, 'validation-failed'],
      [
        'a row that is a number',
        { rows: [{ amount: '1', from: 'USD', to: 'EUR' }, 5] },
        400,
        'validation-failed',
      ],
      [
        'a row that is no object',
        { rows: [{ amount: '1', from: 'USD', to: 'EUR' }, null] },
        400,
        'validation-failed',
      ],
      [
        'another member',
        { rows: [{ amount: '1', from: 'USD', to: 'EUR' }], numbers: 'string' },
        400,
        'validation-failed',
      ],
    ])('%s is 400', async (_, body, status, code) => {
      const res = await http()
        .post(BATCH)
        .set('X-API-Key', professional)
        .send(body as object)
        .expect(status);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe(code);
    });

    it.each([
      ['not JSON', 'application/json', '{"rows":[', 400, 'invalid-json'],
      ['empty', 'application/json', '', 400, 'invalid-json'],
      ['a number', 'application/json', '5', 400, 'validation-failed'],
      [
        '__proto__',
        'application/json',
        '{"rows":[{"__proto__":{"x":1},"amount":"1","from":"USD","to":"EUR"}]}',
        400,
        'validation-failed',
      ],
      [
        'constructor.prototype',
        'application/json',
        '{"rows":[{"constructor":{"prototype":{}}}]}',
        400,
        'validation-failed',
      ],
      ['text/plain', 'text/plain', '{"rows":[]}', 415, 'unsupported-media-type'],
      ['a form', 'application/x-www-form-urlencoded', 'rows=1', 415, 'unsupported-media-type'],
      [
        '10 MB',
        'application/json',
        `{"rows":[${'{"amount":"1","from":"USD","to":"EUR"},'.repeat(260_000)}{}]}`,
        413,
        'payload-too-large',
      ],
    ])('%s (%s) is %d', async (_, type, body, status, code) => {
      const res = await batchText(body, type).expect(status);
      expect(res.body.code).toBe(code);
      if (status === 413) expect(res.body.message).toMatch(/512 KB/);
    });

    it('refuses an unknown query parameter or numbers format', async () => {
      const rows = [{ amount: '1', from: 'USD', to: 'EUR' }];
      await batch(professional, rows, '?numbers=float').expect(400);
      await batch(professional, rows, '?unknown=1').expect(400);
    });
  });
});
