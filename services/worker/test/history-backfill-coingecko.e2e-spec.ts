import { ClosesImportRepository } from '@fxrates/db';
import type { Client } from 'pg';
import { RateDecimal } from '@fxrates/rates';
import { HistoryStandIn } from '../../../libs/rates/testing/history-stand-in';
import {
  backfillHistory,
  COINGECKO_WINDOW_DAYS,
  type HistoryBackfillOptions,
} from '../src/history/history-backfill';
import { calendarDays, connectTestDatabase } from './support/history-rows';

/** Far from every other test's days. XMR and ZEC: priced by CoinGecko alone; the rest by the exchanges. */
const TODAY = '2006-07-20';
const YESTERDAY = '2006-07-19';
const GECKO_ONLY = ['XMR', 'ZEC'];
const CRYPTO = ['USDT', 'BTC', 'DAI', ...GECKO_ONLY];
const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** The first close keyless CoinGecko can give: of the day before its window's first 00:00 point. */
const FIRST_CLOSE = addDays(TODAY, -COINGECKO_WINDOW_DAYS - 1);

describe('history backfill from CoinGecko for the crypto no exchange lists', () => {
  let db: Client;
  let imports: ClosesImportRepository;
  let standIn: HistoryStandIn;
  let log: string[];

  const options = (overrides: Partial<HistoryBackfillOptions> = {}): HistoryBackfillOptions => ({
    sources: ['coingecko'],
    urls: { frankfurter: standIn.url, binance: standIn.url, coinbase: standIn.url, coingecko: standIn.url },
    today: TODAY,
    log: (line) => log.push(line),
    minIntervalMs: { coingecko: 0 },
    maxRetryAfterMs: 2_000,
    fiatAndMetals: [],
    crypto: CRYPTO,
    // Long before CoinGecko's keyless window: the backfill must ask only within it.
    firstDays: { coingecko: '2000-01-01' },
    ...overrides,
  });

  /** The test's closes: CoinGecko's of its codes and days. */
  const ours = { sources: ['coingecko'], currencies: CRYPTO, from: '2000-01-01', to: TODAY };
  /** Every stored CoinGecko close of the test's codes, as "day currency rate", by currency then day. */
  const stored = async () =>
    (await imports.storedCloses(ours))
      .sort((a, b) => a.currency.localeCompare(b.currency) || a.day.localeCompare(b.day))
      .map((r) => `${r.day} ${r.currency} ${r.rate}`);
  const progress = async () =>
    Object.fromEntries(
      [...(await imports.checkedThrough('coingecko'))].filter(([currency]) => CRYPTO.includes(currency)),
    );
  const geckoRequests = () => standIn.requests.filter((r) => r.route === 'coingecko');
  const reset = async () => {
    await imports.deleteCloses(ours);
    await imports.forgetCheckedThrough(['coingecko'], CRYPTO);
    standIn.requests.length = 0;
    standIn.clearFaults();
    standIn.today = TODAY;
    log = [];
  };

  beforeAll(async () => {
    db = await connectTestDatabase();
    imports = new ClosesImportRepository(db);
    standIn = await HistoryStandIn.start();
    standIn.magnitudes = { ...standIn.magnitudes, ZEC: 0.021 };
    for (const code of CRYPTO) standIn.listedFrom[code] = '2000-01-01';
  });
  beforeEach(reset);
  afterAll(async () => {
    await reset();
    await db.end();
    await standIn.close();
  });

  it('stores a daily close of each CoinGecko-only coin over the keyless window, never asking it for an exchange-listed coin', async () => {
    const results = await backfillHistory(db, options());
    expect(results.coingecko?.failed).toBeUndefined();

    // One request a coin, for the CoinGecko-only ones: BTC (Binance), DAI and USDT (Coinbase) are not asked.
    expect(geckoRequests().map((r) => r.path)).toEqual([
      '/api/v3/coins/monero/market_chart/range',
      '/api/v3/coins/zcash/market_chart/range',
    ]);
    for (const request of geckoRequests()) {
      expect(request.query.get('vs_currency')).toBe('usd');
      expect(Number(request.query.get('from'))).toBe(
        Date.parse(`${addDays(TODAY, -COINGECKO_WINDOW_DAYS)}T00:00:00Z`) / 1000,
      );
    }

    const rows = await stored();
    const window = calendarDays(FIRST_CLOSE, YESTERDAY);
    expect(rows).toHaveLength(window.length * GECKO_ONLY.length);
    expect(rows.filter((r) => / XMR /.test(r)).map((r) => r.split(' ')[0])).toEqual(window);
    // USD per coin inverted: each close is the market's units per USD of that day, to 12 digits.
    for (const row of rows) {
      const [day, code, rate] = row.split(' ');
      const market = standIn.perUsd(code, day)!;
      expect(new RateDecimal(rate).div(market).minus(1).abs().lt('1e-9')).toBe(true);
      expect(new RateDecimal(rate).precision(true)).toBeLessThanOrEqual(12);
    }
    expect(await progress()).toEqual({ XMR: YESTERDAY, ZEC: YESTERDAY });
    expect(log).toContain(
      `History backfill: coingecko monero ${FIRST_CLOSE}..${YESTERDAY}: ${window.length} closes, ${window.length} new, 0 changed`,
    );

    // The same day again: every coin is through yesterday, nothing is asked or written.
    standIn.requests.length = 0;
    const again = await backfillHistory(db, options());
    expect(again.coingecko).toMatchObject({ requests: 0, inserted: 0, updated: 0 });

    // The next day: a range of over 90 days (a shorter one is hourly), one new close a coin.
    standIn.today = addDays(TODAY, 1);
    const nextDay = await backfillHistory(db, options({ today: addDays(TODAY, 1) }));
    expect(nextDay.coingecko).toMatchObject({ requests: 2, inserted: 2, updated: 0 });
    const from = Number(geckoRequests()[0].query.get('from')) * 1000;
    const to = Number(geckoRequests()[0].query.get('to')) * 1000;
    expect(to - from).toBeGreaterThan(90 * DAY_MS);
    expect(await progress()).toEqual({ XMR: TODAY, ZEC: TODAY });
  });

  it.each([
    ['an error object', '{"status":{"error_code":10005,"error_message":"plan limit"}}'],
    [
      'a price that is not a number',
      '{"prices":[[1153267200000,"165.2"]],"market_caps":[],"total_volumes":[]}',
    ],
    ['a point without a time', '{"prices":[[null,165.2]],"market_caps":[],"total_volumes":[]}'],
    ['an HTML page', '<html><body>Service temporarily unavailable</body></html>'],
  ])('ends the run on %s with nothing of that page written', async (_, body) => {
    standIn.fault('coingecko', { status: 200, body, when: () => true });
    const results = await backfillHistory(db, options());
    expect(results.coingecko?.failed).toBeDefined();
    expect(geckoRequests()).toHaveLength(1);
    expect(await stored()).toEqual([]);
    expect(await progress()).toEqual({});
    expect(
      log.some((line) => /^History backfill: coingecko stopped: .*nothing of that page/.test(line)),
    ).toBe(true);
  });

  it('waits out a 429 as its Retry-After asks, then resumes after a stop without asking again what it holds', async () => {
    standIn.fault('coingecko', {
      status: 429,
      body: '{"status":{"error_code":429,"error_message":"You\'ve exceeded the Rate Limit."}}',
      headers: { 'retry-after': '1' },
      times: 1,
    });
    // ZEC's page asks to be left alone for an hour: the source stops after XMR's page is written.
    standIn.fault('coingecko', {
      status: 503,
      headers: { 'retry-after': '3600' },
      when: () => standIn.requests.at(-1)?.path.includes('/zcash/') ?? false,
    });
    const stopped = await backfillHistory(db, options());
    expect(log).toContain('History backfill: coingecko answered 429; waiting 1 s as it asks');
    expect(stopped.coingecko?.failed).toMatch(/^coingecko answered 503 \(Retry-After 3600 s\)/);
    expect(await progress()).toEqual({ XMR: YESTERDAY });
    const xmr = await stored();
    expect(xmr.every((r) => / XMR /.test(r))).toBe(true);

    standIn.clearFaults();
    standIn.requests.length = 0;
    const resumed = await backfillHistory(db, options());
    expect(resumed.coingecko?.failed).toBeUndefined();
    expect(geckoRequests().map((r) => r.path)).toEqual(['/api/v3/coins/zcash/market_chart/range']);
    expect(await progress()).toEqual({ XMR: YESTERDAY, ZEC: YESTERDAY });
    expect((await stored()).filter((r) => / XMR /.test(r))).toEqual(xmr);
    expect((await stored()).filter((r) => / ZEC /.test(r))).toHaveLength(xmr.length);
  });

  it('leaves out a coin CoinGecko does not know (404) and goes on with the next', async () => {
    standIn.fault('coingecko', {
      status: 404,
      body: '{"error":"coin not found"}',
      when: () => standIn.requests.at(-1)?.path.includes('/monero/') ?? false,
    });
    const results = await backfillHistory(db, options());
    expect(results.coingecko?.failed).toBeUndefined();
    expect(log).toContain('History backfill: CoinGecko has no coin monero; XMR left out');
    expect(await progress()).toEqual({ ZEC: YESTERDAY });
  });
});
