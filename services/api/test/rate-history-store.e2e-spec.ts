import { RateHistoryRepository } from '@fxrates/db';
import { MikroORM } from '@mikro-orm/postgresql';
import { crossRate, displayRate, RateDecimal } from '@fxrates/rates';
import request from 'supertest';
import { RateHistory } from '../src/modules/history';
import { givenIn } from './support/given';
import { keysOnPlans } from './support/plan-keys';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';
import { until } from '../../worker/test/support/waiting';

/** The ECB's closes: first in the history's precedence. */
const HISTORY_SOURCE = 'ecb';

/**
 * Closes (units per 1 USD) around New Year 1996: after the 1990 seed, before the real ECB history,
 * so no other file's data meets them. Rates carry 20 significant digits, like the ECB import, and
 * some are half-way ties at the 10th digit. 1995-12-29 has no JPY; 1996-01-01 and -04 have no close.
 */
const CLOSES: Record<string, Record<string, string>> = {
  '1995-12-27': { EUR: '0.76335877862595419847', GBP: '0.64500000005', JPY: '102.85', CHF: '1.1532' },
  '1995-12-28': { EUR: '0.76289592760180995475', GBP: '0.64499999995', JPY: '103.1', CHF: '1.1509' },
  '1995-12-29': { EUR: '0.76219512195121951220', GBP: '0.6451', CHF: '1.1495' },
  '1996-01-02': { EUR: '0.76452599388379204893', GBP: '0.6458', JPY: '104.05', CHF: '1.1541' },
  '1996-01-03': { EUR: '0.76982294072363356428', GBP: '0.64625000015', JPY: '105.23', CHF: '1.1588' },
  '1996-01-05': { EUR: '0.77041602465331278891', GBP: '0.6471', JPY: '105.72', CHF: '1.1614' },
};
const FIRST = '1995-12-27';
const LAST = '1996-01-05';

/**
 * The time series as the API built it before the in-process store: one query, every rate parsed
 * and crossed through USD with crossRate, rounded with displayRate. The store must give the same text.
 */
async function reference(t: TestApp, start: string, end: string, base: string, symbols: string[]) {
  const codes = [base, ...symbols].filter((code) => code !== 'USD');
  const rows = await new RateHistoryRepository(t.app.get(MikroORM).em.fork()).storedCloses({
    sources: [HISTORY_SOURCE],
    currencies: codes,
    from: start,
    to: end,
  });
  const days = new Map<string, Map<string, RateDecimal>>();
  for (const { day, currency, rate } of rows) {
    if (!days.has(day)) days.set(day, new Map());
    days.get(day)!.set(currency, new RateDecimal(rate));
  }
  return [...days]
    .map(
      ([day, perUsd]) =>
        `"${day}":{${symbols.map((code) => `"${code}":${displayRate(crossRate({ perUsd }, base, code)).toString()}`).join(',')}}`,
    )
    .join(',');
}

describe('rate history from the in-process store', () => {
  let t: TestApp;
  let key: string;
  const upsert = (day: string, currency: string, rate: string) =>
    givenIn(t.app).closes({ [day]: { [currency]: rate } }, HISTORY_SOURCE);
  const series = (query: string) =>
    request(t.app.getHttpServer()).get(`/api/v1/rates/timeseries?${query}`).set('X-API-Key', key).expect(200);
  const announce = () => t.redis.publish(`${t.config.redis.keyPrefix}rates:changed`, 'test');

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    await givenIn(t.app).noCloses({ sources: [HISTORY_SOURCE], from: FIRST, to: LAST });
    for (const [day, rates] of Object.entries(CLOSES)) {
      for (const [currency, rate] of Object.entries(rates)) await upsert(day, currency, rate);
    }
    ({ key } = await givenIn(t.app).keyOnPlan({ plan: 'professional', name: 'store' }));
  });

  afterAll(async () => {
    await givenIn(t.app).noCloses({ sources: [HISTORY_SOURCE], from: FIRST, to: LAST });
    await t.close();
  });

  it.each([
    ['USD', ['EUR', 'GBP', 'CHF']],
    ['EUR', ['USD', 'GBP', 'CHF']],
    ['GBP', ['EUR', 'USD']],
    ['CHF', ['GBP', 'EUR', 'USD', 'CHF']],
  ])(
    'base %s %j across the year boundary: the same text as crossRate + displayRate',
    async (base, symbols) => {
      const query = `start=1995-12-20&end=1996-01-10&base=${base}&symbols=${symbols.join(',')}`;
      const expected = await reference(t, '1995-12-20', '1996-01-10', base, symbols);
      // Twice: the first call computes the memoised rates, the second reads them.
      for (let i = 0; i < 2; i++) expect((await series(query)).text).toContain(`"rates":{${expected}},`);
    },
  );

  it('keeps every answer intact when many are built and sent at once in reused buffers', async () => {
    const bases = ['USD', 'EUR', 'GBP', 'CHF'];
    const queries = bases.flatMap((base) =>
      ['1995-12-27', '1995-12-28', '1995-12-29', '1996-01-02'].map((start) => {
        const symbols = ['EUR', 'GBP', 'CHF', 'USD'].filter((code) => code !== base);
        return `start=${start}&end=1996-01-05&base=${base}&symbols=${symbols.join(',')}`;
      }),
    );
    // A key of its own on enterprise (burst 200 a second): 64 calls in a moment.
    const { enterprise: ownKey } = await keysOnPlans(t.app, ['enterprise']);
    const call = (query: string) =>
      request(t.app.getHttpServer())
        .get(`/api/v1/rates/timeseries?${query}`)
        .set('X-API-Key', ownKey)
        .expect(200);
    const alone: string[] = [];
    for (const query of queries) alone.push((await call(query)).text);
    for (let round = 0; round < 3; round++) {
      const together = await Promise.all(queries.map((query) => call(query)));
      expect(together.map((res) => res.text)).toEqual(alone);
    }
  });

  it('keeps exact values and half-even ties at the 10th significant digit', async () => {
    const res = await series('start=1995-12-27&end=1996-01-03&symbols=EUR,GBP');
    expect(res.text).toContain(
      '"rates":{"1995-12-27":{"EUR":0.7633587786,"GBP":0.645},' +
        '"1995-12-28":{"EUR":0.7628959276,"GBP":0.645},' +
        '"1995-12-29":{"EUR":0.762195122,"GBP":0.6451},' +
        '"1996-01-02":{"EUR":0.7645259939,"GBP":0.6458},' +
        '"1996-01-03":{"EUR":0.7698229407,"GBP":0.6462500002}}',
    );
    // EUR per GBP on 1995-12-27: 0.76335877862595419847 / 0.64500000005, at 40 digits, then 10.
    const eur = await series('start=1995-12-27&end=1995-12-27&base=GBP&symbols=EUR');
    expect(eur.body.rates).toEqual({ '1995-12-27': { EUR: 1.183501982 } });
  });

  it('leaves out the days none of the symbols has, and a symbol on a day it lacks (its rate or the base)', async () => {
    const jpy = await series('start=1995-12-27&end=1996-01-05&symbols=JPY');
    expect(Object.keys(jpy.body.rates)).toEqual([
      '1995-12-27',
      '1995-12-28',
      '1996-01-02',
      '1996-01-03',
      '1996-01-05',
    ]);
    // JPY has no close on 1995-12-29: a JPY-based series has no EUR that day (nothing invented),
    // and a week without it is not missing (carried forward as /historical would).
    const jpyBase = await series('start=1995-12-27&end=1996-01-05&base=JPY&symbols=EUR');
    expect(Object.keys(jpyBase.body.rates)).toEqual(Object.keys(jpy.body.rates));
    expect(jpyBase.body.complete).toBe(true);
    const both = await series('start=1995-12-27&end=1996-01-05&symbols=EUR,JPY');
    expect(both.body.rates['1995-12-29']).toEqual({ EUR: 0.762195122 });
    expect(both.body.rates['1995-12-28']).toHaveProperty('JPY');
  });

  it('lists every currency of each day without symbols, sorted', async () => {
    const res = await series('start=1995-12-29&end=1996-01-02&base=EUR');
    expect(Object.keys(res.body.rates['1995-12-29'])).toEqual(['CHF', 'GBP', 'USD']);
    expect(Object.keys(res.body.rates['1996-01-02'])).toEqual(['CHF', 'GBP', 'JPY', 'USD']);
  });

  it('shows a recent day written and announced on rates:changed at once, leaving the others as they were', async () => {
    // Recent days (what an ingest writes), in currencies no other file writes lately.
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const [first, second, third] = [day(12), day(11), day(10)];
    const query = `start=${first}&end=${third}&symbols=ISK,HUF`;
    const recent = [first, second, third];
    try {
      for (const d of [first, second]) {
        await upsert(d, 'ISK', '140');
        await upsert(d, 'HUF', '360');
      }
      const before = (await series(query)).body.rates;
      expect(before).toEqual({ [first]: { ISK: 140, HUF: 360 }, [second]: { ISK: 140, HUF: 360 } });
      await upsert(third, 'ISK', '141');
      await upsert(third, 'HUF', '361');
      await upsert(second, 'ISK', '139.5'); // a correction
      await announce();
      await until(async () => (await series(query)).body.rates[third] !== undefined);
      expect((await series(query)).body.rates).toEqual({
        [first]: { ISK: 140, HUF: 360 },
        [second]: { ISK: 139.5, HUF: 360 },
        [third]: { ISK: 141, HUF: 361 },
      });
    } finally {
      await givenIn(t.app).noCloses({ sources: [HISTORY_SOURCE], currencies: ['ISK', 'HUF'], days: recent });
    }
  });

  it('re-checks an unchanged column without reading it again: the fingerprint read with the rows is the re-check’s', async () => {
    const history = t.app.get(RateHistory);
    const query = 'start=1995-12-27&end=1996-01-05&base=GBP&symbols=EUR,JPY';
    const first = (await series(query)).text;
    const { options } = history.store;
    const ttl = options.ttlMs;
    options.ttlMs = 0;
    try {
      const loads = history.store.loads;
      // Each call past the TTL re-checks the columns behind the answer: none of them reloads.
      for (let i = 0; i < 3; i++) {
        expect((await series(query)).text).toBe(first);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(history.store.loads).toBe(loads);
    } finally {
      options.ttlMs = ttl;
    }
  });

  it('without an announcement, shows a change once the loaded year is older than its TTL', async () => {
    const query = 'start=1995-12-27&end=1995-12-27&symbols=CHF';
    expect((await series(query)).body.rates).toEqual({ '1995-12-27': { CHF: 1.1532 } });
    await upsert('1995-12-27', 'CHF', '1.2');
    // Within the TTL (60 s in production) the loaded year answers; an announcement re-checks only
    // the recent years, which an ingest writes.
    await announce();
    expect((await series(query)).body.rates).toEqual({ '1995-12-27': { CHF: 1.1532 } });
    const { options } = t.app.get(RateHistory).store;
    const ttl = options.ttlMs;
    options.ttlMs = 0;
    try {
      // Past the TTL the loaded year still answers while it is re-checked, then the change shows.
      await until(async () => (await series(query)).body.rates['1995-12-27'].CHF === 1.2);
    } finally {
      options.ttlMs = ttl;
      await upsert('1995-12-27', 'CHF', CLOSES['1995-12-27'].CHF);
    }
  });
});
