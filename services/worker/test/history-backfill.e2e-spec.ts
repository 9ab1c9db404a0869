import { ClosesImportRepository } from '@fxrates/db';
import type { Client } from 'pg';
import { RateDecimal } from '@fxrates/rates';
import { HistoryStandIn } from '../../../libs/rates/testing/history-stand-in';
import { backfillHistory, type HistoryBackfillOptions } from '../src/history/history-backfill';
import type { SqlClient } from '../src/history/closes-import';
import { calendarDays, connectTestDatabase } from './support/history-rows';

/** Far from every other test's days; codes the stand-in serves (TWD: one Frankfurter refuses). */
const FIRST = '2000-06-01';
const TODAY = '2003-03-10';
const FIAT = ['EUR', 'JPY', 'IDR', 'KWD', 'XAU', 'XAG', 'TWD'];
const CRYPTO = ['USDT', 'BTC', 'ETH', 'DAI'];
const SOURCES = ['frankfurter', 'binance', 'coinbase'] as const;
const DAY_MS = 86_400_000;

const days = calendarDays;

describe('history backfill from the providers’ range endpoints', () => {
  let db: Client;
  let imports: ClosesImportRepository;
  let standIn: HistoryStandIn;
  let log: string[];

  const options = (overrides: Partial<HistoryBackfillOptions> = {}): HistoryBackfillOptions => ({
    sources: SOURCES,
    urls: { frankfurter: standIn.url, binance: standIn.url, coinbase: standIn.url, coingecko: standIn.url },
    today: TODAY,
    log: (line) => log.push(line),
    minIntervalMs: { frankfurter: 0, binance: 0, coinbase: 0 },
    maxRetryAfterMs: 2_000,
    fiatAndMetals: FIAT,
    crypto: CRYPTO,
    firstDays: { frankfurter: FIRST, binance: FIRST, coinbase: FIRST },
    ...overrides,
  });

  /** The test's closes: its sources, codes and days. */
  const ours = { sources: SOURCES, currencies: [...FIAT, ...CRYPTO], from: FIRST, to: TODAY };
  /** Every stored close of the test's codes and days, as "source day currency rate". */
  const stored = async () =>
    (await imports.storedCloses(ours)).map((r) => `${r.source} ${r.day} ${r.currency} ${r.rate}`);
  /** When rate_history was last analysed by hand (a vacuum's analyse counts). */
  const lastAnalysed = async () => (await imports.manualMaintenance()).lastAnalysedAt;
  const progress = async () => {
    const checked: Record<string, string> = {};
    for (const source of SOURCES) {
      for (const [currency, day] of await imports.checkedThrough(source)) {
        if (ours.currencies.includes(currency)) checked[`${source} ${currency}`] = day;
      }
    }
    return checked;
  };
  const reset = async () => {
    await imports.deleteCloses(ours);
    await imports.forgetCheckedThrough(SOURCES, ours.currencies);
    standIn.requests.length = 0;
    standIn.clearFaults();
    log = [];
  };

  beforeAll(async () => {
    db = await connectTestDatabase();
    imports = new ClosesImportRepository(db);
    standIn = await HistoryStandIn.start();
    standIn.today = TODAY;
    for (const code of CRYPTO) standIn.listedFrom[code] = FIRST;
    standIn.unknownToFrankfurter.add('TWD');
  });
  beforeEach(reset);
  afterAll(async () => {
    await reset();
    await db.end();
    await standIn.close();
  });

  it('fills every currency from its first day to today, in pages within each provider’s limits, with progress in the log', async () => {
    const analysedBefore = await lastAnalysed();
    const results = await backfillHistory(db, options({ vacuumAfterRows: 1_000 }));
    expect(results.frankfurter?.failed).toBeUndefined();
    expect(results.binance?.failed).toBeUndefined();
    expect(results.coinbase?.failed).toBeUndefined();

    const rows = await stored();
    const weekdays = days(FIRST, TODAY).filter((d) => ![0, 6].includes(new Date(d).getUTCDay()));
    const fiat = FIAT.filter((c) => c !== 'TWD');
    // Fiat and metals on every weekday to today; crypto every day to yesterday (today's candle is open).
    expect(rows.filter((r) => r.startsWith('frankfurter '))).toHaveLength(weekdays.length * fiat.length);
    const exchangeDays = days(FIRST, '2003-03-09').length;
    expect(rows.filter((r) => r.startsWith('coinbase '))).toHaveLength(exchangeDays * 2); // USDT, DAI
    expect(rows.filter((r) => r.startsWith('binance '))).toHaveLength(exchangeDays * 2); // BTC, ETH
    expect(rows.some((r) => / TWD /.test(r))).toBe(false);
    expect(log).toContain('History backfill: Frankfurter does not know TWD; left out of this run');
    // A fill of more rows than the threshold leaves the table's statistics and visibility map current.
    expect(
      log.filter((line) =>
        /^History backfill: rate_history vacuumed and analysed after [\d,]+ rows written$/.test(line),
      ),
    ).toHaveLength(1);
    expect(await lastAnalysed()).not.toEqual(analysedBefore);

    // Each close as the market had it: ≥ 6 significant digits where one of the bases gives them
    // (metals through base XAU, not the 2 digits of USD→XAU), the exchanges' rebased on USD.
    const value = (source: string, day: string, code: string) =>
      new RateDecimal(rows.find((r) => r.startsWith(`${source} ${day} ${code} `))!.split(' ')[3]);
    // Within 5e-6 of the market: 6 significant digits (base USD alone gives XAU 0.00031, off by up
    // to 1.6 %, and JPY 151.30 or IDR 16 234, off by up to 3e-5).
    for (const code of ['EUR', 'JPY', 'IDR', 'XAU']) {
      const close = value('frankfurter', '2002-05-15', code);
      const market = standIn.perUsd(code, '2002-05-15')!;
      expect([code, close.div(market).minus(1).abs().lt('0.000005')]).toEqual([code, true]);
    }
    const btc = value('binance', '2002-05-15', 'BTC');
    expect(btc.div(standIn.perUsd('BTC', '2002-05-15')!).minus(1).abs().lt('0.000001')).toBe(true);
    const dai = value('coinbase', '2002-05-15', 'DAI');
    expect(dai.div(standIn.perUsd('DAI', '2002-05-15')!).minus(1).abs().lt('0.000001')).toBe(true);

    // Within the limits: Binance ≤ 1 000 klines a request, Coinbase ≤ 300 candles, Frankfurter a year a page.
    const of = (route: string) => standIn.requests.filter((r) => r.route === route).map((r) => r.query);
    expect(of('binance').every((q) => Number(q.get('limit')) <= 1000)).toBe(true);
    expect(of('binance')).toHaveLength(4); // two pages each of BTC and ETH
    for (const q of of('coinbase')) {
      expect((Date.parse(q.get('end')!) - Date.parse(q.get('start')!)) / DAY_MS + 1).toBeLessThanOrEqual(300);
    }
    expect(of('frankfurter').map((q) => `${q.get('base')} ${q.get('from')}..${q.get('to')}`)).toEqual([
      'USD 2000-06-01..2001-06-01',
      'USD 2000-06-01..2001-06-01',
      'XAU 2000-06-01..2001-06-01',
      'USD 2001-06-02..2002-06-02',
      'XAU 2001-06-02..2002-06-02',
      'USD 2002-06-03..2003-03-10',
      'XAU 2002-06-03..2003-03-10',
    ]);
    expect(log).toContain(
      'History backfill: frankfurter 2000-06-01..2001-06-01, 6 currencies: 1,572 closes, 1,572 new, 0 changed',
    );
    expect(log.filter((line) => line.startsWith('History backfill: binance BTCUSDT '))).toHaveLength(2);
    expect(await progress()).toMatchObject({
      'frankfurter EUR': '2003-03-09',
      'binance BTC': '2003-03-09',
      'coinbase USDT': '2003-03-09',
    });

    // Run again: nothing new is written; Frankfurter is asked for today only (and, once, for TWD,
    // which it refuses again: a currency it does not know has no progress to keep).
    standIn.requests.length = 0;
    log = [];
    const again = await backfillHistory(db, options());
    for (const source of SOURCES) expect(again[source]).toMatchObject({ inserted: 0, updated: 0 });
    expect(standIn.requests.map((r) => `${r.route} ${r.query.get('from')} ${r.query.get('quotes')}`)).toEqual(
      [
        'frankfurter 2000-06-01 TWD',
        'frankfurter 2003-03-10 EUR,JPY,IDR,KWD,XAU,XAG',
        'frankfurter 2003-03-10 EUR,JPY,IDR,KWD,XAG,USD',
      ],
    );
    expect(await stored()).toEqual(rows);
  });

  it('resumes after being killed mid-way from each currency’s last committed page, ending where a whole run ends', async () => {
    await backfillHistory(db, options());
    const whole = await stored();
    await reset();

    // The database connection dies as the second Binance page starts being written: a crash.
    let killed = false;
    const dying: SqlClient = {
      query: (sql, params) => {
        if (killed) return Promise.reject(new Error('Connection terminated unexpectedly'));
        return db.query(sql, params);
      },
    };
    const first = await backfillHistory(
      dying,
      options({
        log: (line) => {
          log.push(line);
          if (line.startsWith('History backfill: binance BTCUSDT ')) killed = true;
        },
      }),
    );
    expect(first.binance?.failed).toBe('Connection terminated unexpectedly');
    const kept = await progress();
    expect(kept['binance BTC']).toBe(days(FIRST, TODAY)[999]);
    expect(kept['binance ETH']).toBeUndefined();

    standIn.requests.length = 0;
    await backfillHistory(db, options());
    const binance = standIn.requests.filter((r) => r.route === 'binance');
    expect(new Date(Number(binance[0].query.get('startTime'))).toISOString().slice(0, 10)).toBe(
      days(FIRST, TODAY)[1000],
    );
    expect(await stored()).toEqual(whole);
  });

  it('waits out a 429 as Retry-After asks and asks again; gives up on a source asking for longer', async () => {
    standIn.fault('binance', {
      status: 429,
      body: '{"code":-1003,"msg":"Too much request weight used; current limit is 6000 request weight per 1 MINUTE."}',
      headers: { 'retry-after': '1' },
      times: 1,
    });
    const results = await backfillHistory(db, options({ sources: ['coinbase', 'binance'] }));
    expect(results.binance?.failed).toBeUndefined();
    expect(log).toContain('History backfill: binance answered 429; waiting 1 s as it asks');
    const binance = standIn.requests.filter((r) => r.route === 'binance');
    expect(binance[0].query.toString()).toBe(binance[1].query.toString());
    expect((await stored()).filter((r) => r.startsWith('binance '))).toHaveLength(
      days(FIRST, '2003-03-09').length * 2,
    );

    await reset();
    standIn.fault('coinbase', {
      status: 429,
      body: '{"message":"Slow down"}',
      headers: { 'retry-after': '3600' },
    });
    const refused = await backfillHistory(db, options({ sources: ['frankfurter', 'coinbase'] }));
    expect(refused.coinbase?.failed).toMatch(/^coinbase answered 429 \(Retry-After 3600 s\) after 0 retries/);
    expect(refused.frankfurter?.failed).toBeUndefined();
    expect((await stored()).filter((r) => r.startsWith('coinbase '))).toEqual([]);
    expect(await progress()).not.toHaveProperty('coinbase USDT');
  });

  it.each([
    ['an HTML page', 200, '<html><body>Service temporarily unavailable</body></html>'],
    ['an unknown-parameter 422', 422, '{"status":422,"message":"unknown parameter: quotes"}'],
    ['a row of another base', 200, '[{"date":"2000-06-01","base":"EUR","quote":"JPY","rate":98.01}]'],
    ['a rate that is not a number', 200, '[{"date":"2000-06-01","base":"USD","quote":"EUR","rate":"n/a"}]'],
    ['a row outside the range', 200, '[{"date":"1999-06-01","base":"USD","quote":"EUR","rate":0.9}]'],
  ])(
    'writes nothing of a Frankfurter page answered with %s, and keeps its progress',
    async (_what, status, body) => {
      standIn.fault('frankfurter', { status, body, when: (q) => q.get('from') === '2001-06-02' });
      const results = await backfillHistory(db, options({ sources: ['frankfurter'] }));
      expect(results.frankfurter?.failed).toBeDefined();
      // The first page is kept; nothing after it.
      expect((await stored()).every((r) => r.split(' ')[1] <= '2001-06-01')).toBe(true);
      expect((await progress())['frankfurter EUR']).toBe('2001-06-01');
    },
  );

  it.each([
    ['binance', 200, '[[959817600000,"1","1","1","abc","1",959903999999,"1",1,"1","1","0"]]'],
    ['binance', 200, '{"code":-1003}'],
    [
      'coinbase',
      400,
      '{"message":"granularity too small for the requested time range. Count of aggregations requested exceeds 300"}',
    ],
    ['coinbase', 200, '[[959817600,1,1,1,-5,1]]'],
  ] as const)('writes nothing of a %s page answered %i %s', async (route, status, body) => {
    standIn.fault(route, { status, body });
    const results = await backfillHistory(db, options({ sources: ['coinbase', 'binance'] }));
    expect(results[route]?.failed).toBeDefined();
    expect((await stored()).filter((r) => r.startsWith(`${route} `))).toEqual([]);
    expect(Object.keys(await progress()).filter((k) => k.startsWith(`${route} `))).toEqual([]);
  });
});
