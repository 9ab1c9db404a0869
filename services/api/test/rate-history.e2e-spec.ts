import request from 'supertest';
import { seedHistory } from './support/history-seed';
import { keysOnPlans } from './support/plan-keys';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

describe('rate history: /historical, /timeseries, /fluctuation', () => {
  let t: TestApp;
  let keys: Record<string, string>;
  const v1 = (path: string, plan = 'professional') =>
    request(t.app.getHttpServer()).get(`/api/v1${path}`).set('X-API-Key', keys[plan]);

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    await seedHistory(t);
    keys = await keysOnPlans(t.app, ['free', 'basic', 'professional']);
  });
  afterAll(() => t.close());

  describe('historical', () => {
    it("answers a business day's close, in any base", async () => {
      const usd = await v1('/rates/historical/1990-01-03?symbols=EUR,GBP', 'basic').expect(200);
      expect(usd.body).toEqual({
        base: 'USD',
        date: '1990-01-03',
        timestamp: '1990-01-03T15:00:00.000Z',
        source: ['ecb'],
        stale: false,
        marketClosed: false,
        rates: { EUR: 0.81, GBP: 0.61 },
        sources: { EUR: { source: 'ecb', day: '1990-01-03' }, GBP: { source: 'ecb', day: '1990-01-03' } },
      });
      const eur = await v1('/rates/historical/1990-01-03?base=EUR&symbols=GBP,USD', 'basic').expect(200);
      expect(eur.body.rates).toEqual({ GBP: 0.7530864198, USD: 1.234567901 });
    });

    it('answers a weekend or holiday with the business day before, and says so', async () => {
      const sunday = await v1('/rates/historical/1990-01-07?symbols=INR').expect(200);
      expect(sunday.body).toMatchObject({
        date: '1990-01-07',
        carriedForwardFrom: '1990-01-05',
        marketClosed: true,
        rates: { INR: 143 },
      });
      const holiday = await v1('/rates/historical/1990-01-04?symbols=INR').expect(200);
      expect(holiday.body).toMatchObject({
        carriedForwardFrom: '1990-01-03',
        marketClosed: true,
        rates: { INR: 141 },
      });
      const businessDay = await v1('/rates/historical/1990-01-05?symbols=INR').expect(200);
      expect(businessDay.body).toMatchObject({ date: '1990-01-05', marketClosed: false });
      expect(businessDay.body).not.toHaveProperty('carriedForwardFrom');
    });

    it('names the currency, the day and the range held, when no close is near enough to carry forward', async () => {
      const gap = await v1('/rates/historical/1990-02-20?symbols=INR').expect(404);
      // Other test files may hold later INR closes in the same database: the range ends on one of them.
      expect(gap.body.code).toBe('history-unavailable');
      expect(gap.body.message).toMatch(
        /^No INR close is stored for 1990-02-20 or the 6 days before it; we hold INR closes from 1990-01-02 to \d{4}-\d\d-\d\d\.$/,
      );
    });

    it.each([
      ['/rates/historical/yesterday', 400, 'invalid-date'],
      ['/rates/historical/1990-02-30', 400, 'invalid-date'],
      ['/rates/historical/2999-01-01', 400, 'date-out-of-range'],
      ['/rates/historical/1989-12-29', 404, 'history-unavailable'],
      ['/rates/historical/1990-01-03?symbols=CHF', 404, 'history-unavailable'],
      ['/rates/historical/1990-01-03?when=now', 400, 'validation-failed'],
    ])('%s → %i %s', async (path, status, code) => {
      expect((await v1(path).expect(status)).body.code).toBe(code);
    });

    it('needs the Basic plan', async () => {
      const refused = await v1('/rates/historical/1990-01-03', 'free').expect(403);
      expect(refused.body).toMatchObject({ code: 'plan-upgrade-required' });
      expect(refused.body.message).toContain('Basic');
    });
  });

  describe('timeseries', () => {
    it('lists the business days of the period only, as one metered call, saying what it lacks', async () => {
      const before = (await v1('/usage').expect(200)).body.used;
      const res = await v1('/rates/timeseries?start=1990-01-01&end=1990-01-07&symbols=EUR').expect(200);
      expect(res.body).toEqual({
        base: 'USD',
        start: '1990-01-01',
        end: '1990-01-07',
        timestamp: '1990-01-05T15:00:00.000Z',
        source: ['ecb'],
        stale: false,
        rates: { '1990-01-02': { EUR: 0.8 }, '1990-01-03': { EUR: 0.81 }, '1990-01-05': { EUR: 0.82 } },
        sources: { EUR: [{ source: 'ecb', from: '1990-01-02', to: '1990-01-05' }] },
        // The seeded history starts on the 2nd: nothing we hold covers the 1st.
        complete: false,
        coverage: {
          EUR: {
            first: '1990-01-02',
            last: '1990-01-05',
            missing: [{ from: '1990-01-01', to: '1990-01-01' }],
          },
        },
      });
      expect((await v1('/usage').expect(200)).body.used).toBe(before + 1);
    });

    it.each([
      ['?start=1990-01-07&end=1990-01-01', 'date-out-of-range'],
      ['?start=1990-01-01&end=1991-01-02', 'date-out-of-range'],
      ['?start=1990-01-01', 'missing-parameter'],
    ])('%s → 400 %s, not counted', async (query, code) => {
      const before = (await v1('/usage').expect(200)).body.used;
      expect((await v1(`/rates/timeseries${query}`).expect(400)).body.code).toBe(code);
      expect((await v1('/usage').expect(200)).body.used).toBe(before);
    });

    it('answers a period without a close as historical answers a day without one: 404, not counted', async () => {
      const before = (await v1('/usage').expect(200)).body.used;
      const weekend = await v1('/rates/timeseries?start=1990-01-06&end=1990-01-07&symbols=EUR').expect(404);
      expect(weekend.body.code).toBe('history-unavailable');
      expect(weekend.body.message).toMatch(
        /^No EUR close is stored from 1990-01-06 to 1990-01-07; we hold EUR closes from 1990-01-02 to \d{4}-\d\d-\d\d\.$/,
      );
      expect((await v1('/usage').expect(200)).body.used).toBe(before);
    });

    it('lists a symbol without a single close in the period as wholly missing, beside those it has', async () => {
      // CHF has no close in 1990 here; EUR has.
      const res = await v1('/rates/timeseries?start=1990-01-02&end=1990-01-07&symbols=EUR,CHF').expect(200);
      expect(res.body.rates['1990-01-02']).toEqual({ EUR: 0.8 });
      expect(res.body.complete).toBe(false);
      expect(res.body.coverage).toEqual({
        CHF: { first: null, last: null, missing: [{ from: '1990-01-02', to: '1990-01-07' }] },
      });
    });

    it('refuses a period in which no symbol has a close, naming each and the range held, not counted', async () => {
      const before = (await v1('/usage').expect(200)).body.used;
      const refused = await v1('/rates/timeseries?start=1990-01-01&end=1990-01-07&symbols=CHF').expect(404);
      expect(refused.body.code).toBe('history-unavailable');
      expect(refused.body.message).toMatch(
        /^No CHF close is stored from 1990-01-01 to 1990-01-07; we hold (no CHF closes yet|CHF closes from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d)\.$/,
      );
      expect((await v1('/usage').expect(200)).body.used).toBe(before);
    });

    it('needs the Professional plan', async () => {
      const refused = await v1('/rates/timeseries?start=1990-01-01&end=1990-01-07', 'basic').expect(403);
      expect(refused.body.message).toContain('Professional');
    });
  });

  describe('fluctuation', () => {
    it('gives the start and end closes, the change and the change in percent', async () => {
      const res = await v1('/rates/fluctuation?start=1990-01-02&end=1990-01-07&symbols=EUR,INR').expect(200);
      expect(res.body).toMatchObject({
        startDay: '1990-01-02',
        endDay: '1990-01-05',
        rates: {
          EUR: { startRate: 0.8, endRate: 0.82, change: 0.02, changePct: 2.5 },
          INR: { startRate: 140, endRate: 143, change: 3, changePct: 2.1429 },
        },
      });
      const inEur = await v1(
        '/rates/fluctuation?start=1990-01-02&end=1990-01-05&base=EUR&symbols=GBP',
      ).expect(200);
      // GBP per EUR: 0.6 / 0.8 = 0.75 → 0.6 / 0.82 = 0.7317073171
      expect(inEur.body.rates.GBP).toEqual({
        startRate: 0.75,
        endRate: 0.7317073171,
        change: -0.0182926829,
        changePct: -2.439,
      });
    });
  });
});
