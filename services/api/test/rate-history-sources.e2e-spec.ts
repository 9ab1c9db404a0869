import type { GivenCloses } from '@fxrates/testing';
import request from 'supertest';
import { calendarDays } from '../../worker/test/support/history-rows';
import { givenIn } from './support/given';
import { keysOnPlans } from './support/plan-keys';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** 1986: no other test's closes. Each day's closes per USD, by source and currency. */
const days = calendarDays;
const weekdays = (from: string, to: string) =>
  days(from, to).filter((d) => ![0, 6].includes(new Date(d).getUTCDay()));
const n = (day: string) => Number(day.slice(8));

/**
 * The ECB's EUR stops on 1986-03-14 and Frankfurter's goes on to the 28th (both from 02-24); MNT only
 * from Frankfurter, to the 21st; BTC from Binance to the 20th and Coinbase all month; DAI from
 * Coinbase alone; XMR (no exchange lists it) from CoinGecko alone, as the history backfill stores it.
 */
const CLOSES: Array<[string, string, string, string]> = [
  ...weekdays('1986-02-24', '1986-03-14').map((d): [string, string, string, string] => [
    'ecb',
    d,
    'EUR',
    `0.9${n(d)}`,
  ]),
  ...weekdays('1986-02-24', '1986-03-28').map((d): [string, string, string, string] => [
    'frankfurter',
    d,
    'EUR',
    `0.8${n(d)}`,
  ]),
  ...weekdays('1986-02-24', '1986-03-21').map((d): [string, string, string, string] => [
    'frankfurter',
    d,
    'MNT',
    `34${n(d)}`,
  ]),
  ...days('1986-03-01', '1986-03-20').map((d): [string, string, string, string] => [
    'binance',
    d,
    'BTC',
    `0.00${n(d)}`,
  ]),
  ...days('1986-03-01', '1986-03-31').map((d): [string, string, string, string] => [
    'coinbase',
    d,
    'BTC',
    `0.01${n(d)}`,
  ]),
  ...days('1986-03-01', '1986-03-31').map((d): [string, string, string, string] => [
    'coinbase',
    d,
    'DAI',
    '1.0002',
  ]),
  ...days('1986-03-01', '1986-03-31').map((d): [string, string, string, string] => [
    'coingecko',
    d,
    'XMR',
    `0.006${n(d)}`,
  ]),
];

describe('rate history from several sources: precedence, provenance per row, honest gaps', () => {
  let t: TestApp;
  let key: string;
  const v1 = (path: string) => request(t.app.getHttpServer()).get(`/api/v1${path}`).set('X-API-Key', key);

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    const bySource = new Map<string, GivenCloses>();
    for (const [source, day, currency, rate] of CLOSES) {
      const closes = bySource.get(source) ?? {};
      (closes[day] ??= {})[currency] = rate;
      bySource.set(source, closes);
    }
    const given = givenIn(t.app);
    // The range held of MNT is asserted whole: closes an earlier file's ingest recorded today in this
    // worker's database go first.
    await given.noCloses({ currencies: ['MNT'] });
    for (const [source, closes] of bySource) await given.closes(closes, source);
    ({ professional: key } = await keysOnPlans(t.app, ['professional']));
  });
  afterAll(async () => {
    await givenIn(t.app).noCloses({ from: '1986-01-01', to: '1986-12-31' });
    await t.close();
  });

  it('answers each currency from its preferred source and names them run by run, and what a symbol misses', async () => {
    const res = await v1('/rates/timeseries?start=1986-03-01&end=1986-03-31&symbols=EUR,BTC,MNT').expect(200);
    expect(res.body.source).toEqual(['ecb', 'frankfurter', 'binance', 'coinbase']);
    // A Saturday lists the crypto close alone: nothing invented for the fiat.
    expect(res.body.rates['1986-03-01']).toEqual({ BTC: 0.001 });
    // The ECB's close where it has one, Frankfurter's after; Binance's, then Coinbase's.
    expect(res.body.rates['1986-03-03']).toEqual({ EUR: 0.93, BTC: 0.003, MNT: 343 });
    expect(res.body.rates['1986-03-17']).toEqual({ EUR: 0.817, BTC: 0.0017, MNT: 3417 });
    expect(res.body.rates['1986-03-24']).toEqual({ EUR: 0.824, BTC: 0.0124 });
    expect(res.body.sources).toEqual({
      EUR: [
        { source: 'ecb', from: '1986-03-03', to: '1986-03-14' },
        { source: 'frankfurter', from: '1986-03-17', to: '1986-03-28' },
      ],
      BTC: [
        { source: 'binance', from: '1986-03-01', to: '1986-03-20' },
        { source: 'coinbase', from: '1986-03-21', to: '1986-03-31' },
      ],
      MNT: [{ source: 'frankfurter', from: '1986-03-03', to: '1986-03-21' }],
    });
    // The weekend after a Friday close is covered; MNT's last close is the 21st, a week on it is missing.
    expect(res.body.complete).toBe(false);
    expect(res.body.coverage).toEqual({
      MNT: { first: '1986-03-03', last: '1986-03-21', missing: [{ from: '1986-03-28', to: '1986-03-31' }] },
    });

    const whole = await v1('/rates/timeseries?start=1986-03-01&end=1986-03-31&symbols=EUR,BTC').expect(200);
    expect(whole.body.complete).toBe(true);
    expect(whole.body).not.toHaveProperty('coverage');
  });

  it('names the sources of each row of the exports: the base’s close and the symbol’s', async () => {
    const csv = await v1(
      '/rates/timeseries?start=1986-03-14&end=1986-03-21&base=EUR&symbols=BTC&format=csv',
    ).expect(200);
    // BTC per EUR: 0.0014 ÷ 0.914 on the 14th (both closes that day), 0.0147 ÷ 0.821 on the 21st.
    const rows = csv.text.trim().split('\r\n');
    expect(rows[0]).toBe('date,base,symbol,rate,source,timestamp,stale,marketClosed');
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 5).join(','))).toEqual([
      '1986-03-14,EUR,BTC,0.001531728665,ecb binance',
      '1986-03-17,EUR,BTC,0.002080783354,frankfurter binance',
      '1986-03-18,EUR,BTC,0.002200488998,frankfurter binance',
      '1986-03-19,EUR,BTC,0.00231990232,frankfurter binance',
      '1986-03-20,EUR,BTC,0.00243902439,frankfurter binance',
      '1986-03-21,EUR,BTC,0.01473812424,frankfurter coinbase',
    ]);
    const ndjson = await v1(
      '/rates/timeseries?start=1986-03-21&end=1986-03-22&symbols=BTC,DAI&format=ndjson',
    ).expect(200);
    expect(
      ndjson.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .map(({ date, symbol, source, timestamp }) => `${date} ${symbol} ${source.join('+')} ${timestamp}`),
    ).toEqual([
      // An exchange's daily close is final at the next 00:00 UTC.
      '1986-03-21 BTC coinbase 1986-03-22T00:00:00.000Z',
      '1986-03-21 DAI coinbase 1986-03-22T00:00:00.000Z',
      '1986-03-22 BTC coinbase 1986-03-23T00:00:00.000Z',
      '1986-03-22 DAI coinbase 1986-03-23T00:00:00.000Z',
    ]);
  });

  it('carries each currency forward on its own, naming the source and day of each close', async () => {
    const saturday = await v1('/rates/historical/1986-03-15?symbols=EUR,BTC').expect(200);
    expect(saturday.body).toMatchObject({
      date: '1986-03-15',
      carriedForwardFrom: '1986-03-14',
      marketClosed: true,
      source: ['ecb', 'binance'],
      rates: { EUR: 0.914, BTC: 0.0015 },
      sources: { EUR: { source: 'ecb', day: '1986-03-14' }, BTC: { source: 'binance', day: '1986-03-15' } },
    });
    const fluctuation = await v1('/rates/fluctuation?start=1986-03-03&end=1986-03-31&symbols=EUR,BTC').expect(
      200,
    );
    expect(fluctuation.body.sources).toEqual({
      EUR: { start: { source: 'ecb', day: '1986-03-03' }, end: { source: 'frankfurter', day: '1986-03-28' } },
      BTC: {
        start: { source: 'binance', day: '1986-03-03' },
        end: { source: 'coinbase', day: '1986-03-31' },
      },
    });
    expect(fluctuation.body.source).toEqual(['ecb', 'frankfurter', 'binance', 'coinbase']);
  });

  it('answers for a coin only CoinGecko has history of, naming CoinGecko, after the exchanges', async () => {
    const series = await v1('/rates/timeseries?start=1986-03-19&end=1986-03-22&symbols=BTC,XMR').expect(200);
    expect(series.body.source).toEqual(['binance', 'coinbase', 'coingecko']);
    expect(series.body.rates['1986-03-22']).toEqual({ BTC: 0.0122, XMR: 0.00622 });
    expect(series.body.sources).toEqual({
      BTC: [
        { source: 'binance', from: '1986-03-19', to: '1986-03-20' },
        { source: 'coinbase', from: '1986-03-21', to: '1986-03-22' },
      ],
      XMR: [{ source: 'coingecko', from: '1986-03-19', to: '1986-03-22' }],
    });
    expect(series.body.complete).toBe(true);

    const historical = await v1('/rates/historical/1986-03-10?base=XMR&symbols=EUR').expect(200);
    expect(historical.body).toMatchObject({
      source: ['ecb', 'coingecko'],
      sources: { EUR: { source: 'ecb', day: '1986-03-10' }, XMR: { source: 'coingecko', day: '1986-03-10' } },
    });
  });

  it('answers a day we hold nothing near with 404 naming the currency, the day and the range held', async () => {
    const gap = await v1('/rates/historical/1986-04-20?symbols=MNT').expect(404);
    expect(gap.body).toMatchObject({
      code: 'history-unavailable',
      message:
        'No MNT close is stored for 1986-04-20 or the 6 days before it; we hold MNT closes from 1986-02-24 to 1986-03-21.',
    });
    const series = await v1('/rates/timeseries?start=1986-04-01&end=1986-04-30&symbols=MNT,DAI').expect(404);
    // DAI's range may end later: the history backfill's test stores DAI closes of 2000–2003.
    expect(series.body.message).toMatch(
      /^No MNT, DAI close is stored from 1986-04-01 to 1986-04-30; we hold MNT closes from 1986-02-24 to 1986-03-21; we hold DAI closes from 1986-03-01 to \d{4}-\d\d-\d\d\.$/,
    );
    expect(`${gap.body.message} ${series.body.message}`).not.toMatch(/ECB|published/);
  });

  it('gives each currency’s first history day in /currencies', async () => {
    const { currencies } = (await v1('/currencies').expect(200)).body as {
      currencies: Array<{ code: string; historyFrom: string | null }>;
    };
    const first = Object.fromEntries(currencies.map((c) => [c.code, c.historyFrom]));
    expect(first.MNT).toBe('1986-02-24');
    expect(first.DAI).toBe('1986-03-01');
    expect(first.XMR).toBe('1986-03-01');
    expect(first.USD).not.toBeNull();
    // A currency without a close anywhere says so.
    expect(currencies.some((c) => c.historyFrom === null)).toBe(true);
  });
});
