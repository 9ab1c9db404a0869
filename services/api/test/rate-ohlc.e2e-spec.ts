import { MikroORM } from '@mikro-orm/postgresql';
import { RateBarsRepository } from '@fxrates/db';
import request from 'supertest';
import { keysOnPlans } from './support/plan-keys';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * GET /api/v1/rates/ohlc over HTTP on the real API and PostgreSQL: scripted ticks (as the worker
 * applies them) give exact bars of USD pairs, their inverse and a cross pair from simultaneous
 * versions; JSON, CSV and NDJSON; the plan's intervals and look-back, the span per call.
 */
describe('GET /api/v1/rates/ohlc', () => {
  let t: TestApp;
  let keys: Record<'basic' | 'professional' | 'enterprise', string>;
  /** Three days ago, 03:00 UTC: no other test writes bars there. */
  const day = Math.floor(Date.now() / DAY_MS) * DAY_MS - 3 * DAY_MS;
  const dayText = new Date(day).toISOString().slice(0, 10);
  const at = (minutes: number, seconds = 0) =>
    new Date(day + 3 * 3_600_000 + minutes * MINUTE_MS + seconds * 1000);
  const iso = (minutes: number) => at(minutes).toISOString();
  const v1 = (path: string, plan: keyof typeof keys = 'enterprise') =>
    request(t.app.getHttpServer()).get(`/api/v1${path}`).set('X-API-Key', keys[plan]);

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    keys = await keysOnPlans(t.app, ['basic', 'professional', 'enterprise'] as const);
    const bars = new RateBarsRepository(t.app.get(MikroORM).em.fork());
    await bars.ensurePartitions(new Date(day), 1);
    // Per USD. EUR's low (0.5) and GBP's high (4) come at different ticks.
    const ticks: [Date, string, string][] = [
      [at(0, 0), '1', '2'],
      [at(0, 15), '2', '3'],
      [at(0, 30), '0.5', '1.2'],
      [at(0, 45), '1', '4'],
      [at(1, 10), '1.25', '2.5'],
    ];
    for (const [when, eur, gbp] of ticks)
      await bars.applyTick({
        version: `ohlc-e2e-${when.toISOString()}`,
        at: when,
        currencies: ['EUR', 'GBP'],
        rates: [eur, gbp],
      });
  });
  afterAll(() => t.close());

  const window = `start=${iso(0)}&end=${iso(2)}`;

  it('answers the exact bars of USD/EUR as JSON, with numbers as strings when asked', async () => {
    const { body } = await v1(`/rates/ohlc?symbol=EUR&interval=1m&${window}&numbers=string`).expect(200);
    expect(body).toEqual({
      base: 'USD',
      symbol: 'EUR',
      interval: '1m',
      start: iso(0),
      end: iso(2),
      bars: [
        { t: iso(0), open: '1', high: '2', low: '0.5', close: '1', ticks: 4 },
        { t: iso(1), open: '1.25', high: '1.25', low: '1.25', close: '1.25', ticks: 1 },
      ],
    });
    const numbers = await v1(`/rates/ohlc?symbol=EUR&interval=1h&start=${dayText}&end=${dayText}`).expect(
      200,
    );
    expect(numbers.body.bars).toEqual([{ t: iso(0), open: 1, high: 2, low: 0.5, close: 1.25, ticks: 5 }]);
  });

  it('answers EUR/USD as the inverse: its high from the low', async () => {
    const { body } = await v1(`/rates/ohlc?base=EUR&symbol=USD&interval=5m&${window}`).expect(200);
    expect(body.bars).toEqual([{ t: iso(0), open: 1, high: 2, low: 0.5, close: 0.8, ticks: 5 }]);
  });

  it('answers a cross pair from simultaneous versions, never the legs’ high over low', async () => {
    const { body } = await v1(`/rates/ohlc?base=EUR&symbol=GBP&interval=1m&${window}`).expect(200);
    // GBP per EUR at each tick: 2, 1.5, 2.4, 4; then 2. Legs would say high 4 / 0.5 = 8, low 2 / 2 = 1.
    expect(body.bars).toEqual([
      { t: iso(0), open: 2, high: 4, low: 1.5, close: 4, ticks: 4 },
      { t: iso(1), open: 2, high: 2, low: 2, close: 2, ticks: 1 },
    ]);
  });

  it('exports the bars as CSV and NDJSON (format or Accept)', async () => {
    const csv = await v1(`/rates/ohlc?symbol=EUR&interval=1m&${window}&format=csv`).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text).toBe(
      't,base,symbol,open,high,low,close,ticks\r\n' +
        `${iso(0)},USD,EUR,1,2,0.5,1,4\r\n` +
        `${iso(1)},USD,EUR,1.25,1.25,1.25,1.25,1\r\n`,
    );
    const ndjson = await v1(`/rates/ohlc?base=EUR&symbol=GBP&interval=1m&${window}`)
      .set('Accept', 'application/x-ndjson')
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done(null, text));
      })
      .expect(200);
    expect(ndjson.headers['content-type']).toBe('application/x-ndjson');
    expect(
      (ndjson.body as string)
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { t: iso(0), base: 'EUR', symbol: 'GBP', open: 2, high: 4, low: 1.5, close: 4, ticks: 4 },
      { t: iso(1), base: 'EUR', symbol: 'GBP', open: 2, high: 2, low: 2, close: 2, ticks: 1 },
    ]);
  });

  it('refuses what the plan does not read, with the plan that does', async () => {
    const minutes = await v1(`/rates/ohlc?symbol=EUR&interval=1m&${window}`, 'professional').expect(403);
    expect(minutes.body).toMatchObject({
      code: 'plan-upgrade-required',
      requiredPlan: 'enterprise',
      currentPlan: 'professional',
    });
    await v1(`/rates/ohlc?symbol=EUR&interval=5m&${window}`, 'professional').expect(200);
    const basic = await v1(`/rates/ohlc?symbol=EUR&interval=1h&${window}`, 'basic').expect(403);
    expect(basic.body).toMatchObject({ code: 'plan-upgrade-required', requiredPlan: 'professional' });
  });

  it('refuses a bad range with stable codes', async () => {
    const code = async (query: string, status: number) =>
      (await v1(`/rates/ohlc?symbol=EUR&${query}`).expect(status)).body.code as string;
    expect(
      await code(
        `interval=1m&start=${dayText}&end=${new Date(day + 2 * DAY_MS).toISOString().slice(0, 10)}`,
        400,
      ),
    ).toBe('date-out-of-range');
    expect(await code(`interval=1d&start=2020-01-01&end=2020-02-01`, 400)).toBe('date-out-of-range');
    expect(await code(`interval=1m&start=${iso(2)}&end=${iso(0)}`, 400)).toBe('date-out-of-range');
    expect(await code(`interval=1m&start=yesterday&end=${iso(0)}`, 400)).toBe('invalid-date');
    expect(await code(`interval=2m&${window}`, 400)).toBe('validation-failed');
    expect(await code(`${window}`, 400)).toBe('missing-parameter');
    expect(await code(`interval=1m&${window}&base=EUR`, 400)).toBe('validation-failed');
  });
});
