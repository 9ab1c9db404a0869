import Decimal from 'decimal.js';
import { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import { RateHistoryRepository } from '@fxrates/db';
import { seedBundledEcb } from './support/history-seed';
import { keysOnPlans } from './support/plan-keys';
import { publishedAt, storeSignedFixings, uniqueCutName } from './support/signed-fixings';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/**
 * What the test works the figures out with, apart from the API's code: decimal.js itself, 40
 * significant digits for a cross rate (as every answer), 200 for the mean's sum and quotient.
 */
const Quotient = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });
const Wide = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_HALF_EVEN });

/** symbol per base from the two per-USD closes, shown with 10 significant digits half-even. */
const displayed = (symbolPerUsd: string, basePerUsd: string) =>
  new Quotient(symbolPerUsd).div(basePerUsd).toSignificantDigits(10, Decimal.ROUND_HALF_EVEN).toString();

/** The mean, low, high and count of daily rates, worked out here. */
function expectedOf(rates: readonly string[]) {
  const values = rates.map((rate) => new Wide(rate));
  const sum = values.reduce((total, value) => total.plus(value), new Wide(0));
  return {
    mean: sum.div(values.length).toSignificantDigits(10, Decimal.ROUND_HALF_EVEN).toString(),
    low: Wide.min(...values).toString(),
    high: Wide.max(...values).toString(),
    days: values.length,
  };
}

/** The ECB's per-USD closes of 2019's first half, by day then currency, as stored. */
type Closes = Map<string, Map<string, string>>;

/** Daily symbol-per-base rates from `from` to `to`, on the days both have a close of their own. */
function dailyRates(closes: Closes, base: string, symbol: string, from: string, to: string) {
  const days: { day: string; rate: string }[] = [];
  for (const [day, rates] of closes) {
    if (day < from || day > to) continue;
    const basePerUsd = base === 'USD' ? '1' : rates.get(base);
    const symbolPerUsd = symbol === 'USD' ? '1' : rates.get(symbol);
    if (basePerUsd && symbolPerUsd) days.push({ day, rate: displayed(symbolPerUsd, basePerUsd) });
  }
  return days;
}

/** A London 16:00 cut of this file alone (the fixings table is shared with other test files). */
const CUT = uniqueCutName();

/** More symbols than an average takes. */
const THIRTY_ONE = [
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'AUD',
  'CAD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'AED',
  'TRY',
  'ISK',
  'ZAR',
  'BRL',
  'MXN',
  'INR',
  'IDR',
  'KRW',
  'CNY',
  'HKD',
  'SGD',
  'THB',
  'MYR',
  'PHP',
  'ILS',
  'USD',
].join(',');

/**
 * GET /api/v1/rates/average on the ECB's real closes of 2019 (imported as `rates:seed` does) and on
 * fixings signed here: every figure is worked out again in the test from the stored rows.
 */
describe('period averages: /api/v1/rates/average', () => {
  let t: TestApp;
  let keys: Record<'free' | 'basic' | 'professional', string>;
  let closes: Closes;
  const v1 = (target: string, plan: keyof typeof keys = 'professional') =>
    request(t.app.getHttpServer()).get(`/api/v1${target}`).set('X-API-Key', keys[plan]);

  beforeAll(async () => {
    await seedBundledEcb('2019-01-01', '2019-06-30');
    t = await startTestApp(testConfig({ FIXING_CUTS: `${CUT}=Europe/London@16:00` }));
    const history = new RateHistoryRepository(t.app.get(MikroORM).em.fork());
    const firstHalf = { from: '2019-01-01', to: '2019-06-30' };
    closes = new Map();
    for (const { day, currency, rate } of await history.storedCloses({ sources: ['ecb'], ...firstHalf })) {
      if (!closes.has(day)) closes.set(day, new Map());
      closes.get(day)!.set(currency, rate);
    }
    // Only the ECB publishes these currencies in these months: no other source's row may count.
    const others = await history.storedCloses({ currencies: ['EUR', 'GBP', 'JPY', 'CHF'], ...firstHalf });
    expect(others.filter(({ source }) => source !== 'ecb')).toEqual([]);
    keys = await keysOnPlans(t.app, ['free', 'basic', 'professional']);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('holds the real closes: 2019-04 without Good Friday and Easter Monday', () => {
    const april = [...closes.keys()].filter((day) => day.startsWith('2019-04'));
    // 22 weekdays; the ECB did not publish on the 19th (Good Friday) nor the 22nd (Easter Monday).
    expect(april).toHaveLength(20);
    expect(april).not.toContain('2019-04-19');
    expect(april).not.toContain('2019-04-22');
  });

  it('averages each month as the exact mean of its days, with their low, high and count', async () => {
    const res = await v1(
      '/rates/average?start=2019-01-01&end=2019-06-30&period=month&symbols=EUR,GBP,JPY',
    ).expect(200);
    expect(res.body).toMatchObject({
      base: 'USD',
      start: '2019-01-01',
      end: '2019-06-30',
      period: 'month',
      basis: 'close',
      source: ['ecb'],
    });
    expect(res.body.periods.map((p: { period: string }) => p.period)).toEqual([
      '2019-01',
      '2019-02',
      '2019-03',
      '2019-04',
      '2019-05',
      '2019-06',
    ]);
    for (const period of res.body.periods) {
      expect(period.partial).toBe(false);
      for (const symbol of ['EUR', 'GBP', 'JPY']) {
        const days = dailyRates(closes, 'USD', symbol, period.from, period.to);
        const expected = expectedOf(days.map(({ rate }) => rate));
        const got = period.rates[symbol];
        expect({ ...got, mean: String(got.mean), low: String(got.low), high: String(got.high) }).toEqual({
          ...expected,
          sources: ['ecb'],
        });
      }
    }
    const april = res.body.periods[3];
    expect(april).toMatchObject({ from: '2019-04-01', to: '2019-04-30' });
    expect(april.rates.EUR.days).toBe(20);
  });

  it('lists the days counted: no weekend, no holiday, each with its rate and source', async () => {
    const res = await v1(
      '/rates/average?start=2019-04-01&end=2019-04-30&symbols=EUR&detail=days&numbers=string',
    ).expect(200);
    const eur = res.body.periods[0].rates.EUR;
    const days = dailyRates(closes, 'USD', 'EUR', '2019-04-01', '2019-04-30');
    expect(eur.daily).toEqual(days.map(({ day, rate }) => ({ day, rate, sources: ['ecb'] })));
    const listed = eur.daily.map(({ day }: { day: string }) => day);
    for (const absent of ['2019-04-06', '2019-04-07', '2019-04-19', '2019-04-20', '2019-04-21', '2019-04-22'])
      expect(listed).not.toContain(absent);
    // The average is the decimal mean of exactly the days listed.
    expect(eur.mean).toBe(expectedOf(eur.daily.map(({ rate }: { rate: string }) => rate)).mean);
    expect(eur.days).toBe(20);
  });

  it('averages a cross rate from the two per-USD closes of each day', async () => {
    const res = await v1(
      '/rates/average?start=2019-01-01&end=2019-06-30&period=quarter&base=GBP&symbols=EUR,JPY,USD,CHF&numbers=string',
    ).expect(200);
    expect(
      res.body.periods.map(({ period, from, to }: Record<string, string>) => [period, from, to]),
    ).toEqual([
      ['2019-Q1', '2019-01-01', '2019-03-31'],
      ['2019-Q2', '2019-04-01', '2019-06-30'],
    ]);
    for (const period of res.body.periods) {
      for (const symbol of ['EUR', 'JPY', 'USD', 'CHF']) {
        const days = dailyRates(closes, 'GBP', symbol, period.from, period.to);
        expect(days.length).toBeGreaterThan(55);
        expect(period.rates[symbol]).toEqual({
          ...expectedOf(days.map(({ rate }) => rate)),
          sources: ['ecb'],
        });
      }
    }
  });

  it('clips the periods to the range and says which are partial', async () => {
    const res = await v1(
      '/rates/average?start=2019-02-15&end=2019-05-10&period=month&base=EUR&symbols=USD',
    ).expect(200);
    expect(
      res.body.periods.map(({ period, from, to, partial }: Record<string, unknown>) => [
        period,
        from,
        to,
        partial,
      ]),
    ).toEqual([
      ['2019-02', '2019-02-15', '2019-02-28', true],
      ['2019-03', '2019-03-01', '2019-03-31', false],
      ['2019-04', '2019-04-01', '2019-04-30', false],
      ['2019-05', '2019-05-01', '2019-05-10', true],
    ]);
    // 1 May is a TARGET holiday: 2, 3, 6 to 10 May.
    expect(res.body.periods[3].rates.USD.days).toBe(7);
    const year = await v1(
      '/rates/average?start=2019-02-15&end=2019-05-10&period=year&base=EUR&symbols=USD',
    ).expect(200);
    const days = dailyRates(closes, 'EUR', 'USD', '2019-02-15', '2019-05-10');
    expect(year.body.periods).toEqual([
      {
        period: '2019',
        from: '2019-02-15',
        to: '2019-05-10',
        partial: true,
        rates: { USD: { ...numbersOf(expectedOf(days.map(({ rate }) => rate))), sources: ['ecb'] } },
      },
    ]);
  });

  it('writes the same digits as JSON numbers and, with numbers=string, as strings', async () => {
    const target = '/rates/average?start=2019-01-01&end=2019-03-31&period=quarter&base=CHF&symbols=JPY,EUR';
    const asNumbers = await v1(target).expect(200);
    const asStrings = await v1(`${target}&numbers=string`).expect(200);
    const literals = [...asNumbers.text.matchAll(/"(?:mean|low|high)":(\d+(?:\.\d+)?)/g)].map((m) => m[1]);
    const strings = [...asStrings.text.matchAll(/"(?:mean|low|high)":"(\d+(?:\.\d+)?)"/g)].map((m) => m[1]);
    expect(literals).toHaveLength(6);
    expect(strings).toEqual(literals);
    const days = dailyRates(closes, 'CHF', 'JPY', '2019-01-01', '2019-03-31');
    expect(asStrings.body.periods[0].rates.JPY.mean).toBe(expectedOf(days.map(({ rate }) => rate)).mean);
  });

  describe('on a fixing cut', () => {
    const fixing = (day: string, rates: Record<string, string>) => ({
      id: `fix_${CUT}_${day.replaceAll('-', '')}`,
      day,
      rates,
    });
    // Rates per USD with more digits than a close has; GBP missing on the 5th.
    const FIXINGS = [
      fixing('2019-03-01', { EUR: '0.87912345678901', GBP: '0.75432198765432', USD: '1' }),
      fixing('2019-03-04', { EUR: '0.88123456789012', GBP: '0.75987654321098', USD: '1' }),
      fixing('2019-03-05', { EUR: '0.88555555555555' }),
      fixing('2019-05-02', { EUR: '0.89111111111111', GBP: '0.76666666666667' }),
    ];

    beforeAll(async () => {
      await storeSignedFixings(
        t.app,
        FIXINGS.map(({ day, rates }) => ({
          cut: CUT,
          day,
          cutAt: `${day}T16:00:00Z`,
          perUsd: rates,
          origin: publishedAt(`${day}T15:00:00.000Z`, { GBP: 'oxr' }),
        })),
      );
    });

    it("averages the cut's fixings, naming each day's fixing", async () => {
      const res = await v1(
        `/rates/average?start=2019-03-01&end=2019-05-31&period=month&base=GBP&symbols=EUR&basis=${CUT}&detail=days&numbers=string`,
      ).expect(200);
      expect(res.body).toMatchObject({ basis: CUT, source: ['ecb', 'oxr'] });
      const [march, april, may] = res.body.periods;
      const marchDays = [FIXINGS[0], FIXINGS[1]].map(({ id, day, rates }) => ({
        day,
        rate: displayed(rates.EUR, rates.GBP),
        sources: ['ecb', 'oxr'],
        fixing: id,
      }));
      expect(march.rates.EUR).toEqual({
        ...expectedOf(marchDays.map(({ rate }) => rate)),
        sources: ['ecb', 'oxr'],
        daily: marchDays,
      });
      // A period without a fixing: counted, with no day and so no mean.
      expect(april.rates.EUR).toEqual({ days: 0, sources: [], daily: [] });
      expect(may.rates.EUR.days).toBe(1);
      expect(may.rates.EUR.mean).toBe(displayed(FIXINGS[3].rates.EUR, FIXINGS[3].rates.GBP));
    });

    it('counts the 5th, which has no GBP, for a USD base', async () => {
      const res = await v1(
        `/rates/average?start=2019-03-01&end=2019-03-31&symbols=EUR,GBP&basis=${CUT}&numbers=string`,
      ).expect(200);
      const { EUR, GBP } = res.body.periods[0].rates;
      expect(EUR).toMatchObject({ days: 3, sources: ['ecb'] });
      expect(EUR.mean).toBe(
        expectedOf(FIXINGS.slice(0, 3).map(({ rates }) => displayed(rates.EUR, '1'))).mean,
      );
      expect(GBP).toMatchObject({ days: 2, sources: ['oxr'] });
    });

    it('answers 404 for a range without a fixing of the cut, and 400 for a cut we do not make', async () => {
      const none = await v1(`/rates/average?start=2019-01-01&end=2019-01-31&symbols=EUR&basis=${CUT}`).expect(
        404,
      );
      expect(none.body).toMatchObject({ code: 'history-unavailable' });
      expect(none.body.message).toContain(CUT);
      const unknown = await v1(
        '/rates/average?start=2019-03-01&end=2019-03-31&symbols=EUR&basis=TOKYO0900',
      ).expect(400);
      expect(unknown.body.code).toBe('unknown-cut');
      expect(unknown.body.message).toContain(CUT);
      expect(unknown.body.message).toContain('"close"');
    });
  });

  describe('refusals', () => {
    it.each([
      ['period=week', 'start=2019-01-01&end=2019-03-31&symbols=EUR&period=week', 400, 'validation-failed'],
      ['end before start', 'start=2019-03-01&end=2019-02-28&symbols=EUR', 400, 'date-out-of-range'],
      ['25 months', 'start=2017-01-01&end=2019-01-31&symbols=EUR&period=month', 400, 'date-out-of-range'],
      ['21 quarters', 'start=2014-01-01&end=2019-03-31&symbols=EUR&period=quarter', 400, 'date-out-of-range'],
      ['11 years', 'start=2009-01-01&end=2019-01-01&symbols=EUR&period=year', 400, 'date-out-of-range'],
      [
        'days over 366',
        'start=2018-01-01&end=2019-01-02&symbols=EUR&period=year&detail=days',
        400,
        'date-out-of-range',
      ],
      [
        'a day in the future',
        'start=2019-01-01&end=2999-01-01&symbols=EUR&period=year',
        400,
        'date-out-of-range',
      ],
      ['not a date', 'start=2019-02-30&end=2019-03-31&symbols=EUR', 400, 'invalid-date'],
      ['no symbols', 'start=2019-01-01&end=2019-03-31', 400, 'missing-parameter'],
      ['31 symbols', `start=2019-01-01&end=2019-03-31&symbols=${THIRTY_ONE}`, 400, 'validation-failed'],
      [
        'an unknown parameter',
        'start=2019-01-01&end=2019-03-31&symbols=EUR&interval=1d',
        400,
        'validation-failed',
      ],
      ['an unknown currency', 'start=2019-01-01&end=2019-03-31&symbols=XXQ', 400, 'unknown-currency'],
      ['no close at all', 'start=1995-01-01&end=1995-03-31&symbols=EUR', 404, 'history-unavailable'],
    ])('%s (%s) → %i %s', async (_what, query, status, code) => {
      expect((await v1(`/rates/average?${query}`).expect(status)).body.code).toBe(code);
    });

    it('accepts exactly 24 months, 20 quarters and 10 years', async () => {
      await v1('/rates/average?start=2017-07-01&end=2019-06-30&symbols=EUR&period=month').expect(200);
      await v1('/rates/average?start=2014-07-01&end=2019-06-30&symbols=EUR&period=quarter').expect(200);
      await v1('/rates/average?start=2010-01-01&end=2019-06-30&symbols=EUR&period=year').expect(200);
    });

    it.each(['free', 'basic'] as const)('needs the Professional plan: %s → 403 naming it', async (plan) => {
      const refused = await v1('/rates/average?start=2019-01-01&end=2019-03-31&symbols=EUR', plan).expect(
        403,
      );
      expect(refused.body).toMatchObject({
        code: 'plan-upgrade-required',
        requiredPlan: 'professional',
        currentPlan: plan,
      });
    });
  });
});

/** The expected figures as the answer writes them without `numbers=string`: JSON numbers. */
function numbersOf(expected: ReturnType<typeof expectedOf>) {
  return { ...expected, mean: Number(expected.mean), low: Number(expected.low), high: Number(expected.high) };
}
