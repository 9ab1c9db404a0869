// History of every currency, for scripts/bench.mjs (`--only history`): the history stand-in serving every catalogued
// currency, and the queries of the mixed time series and of the memory walk.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const DAY_MS = 86_400_000;
const dayText = (ms) => new Date(ms).toISOString().slice(0, 10);

/** A fixed-seed generator (the same numbers every run): `random(n)` is an integer in 0 … n − 1. */
export function seeded(seed) {
  let state = seed;
  return (n) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return Math.floor((state / 2 ** 32) * n);
  };
}

/** The crypto the mixed series asks for: listed on the exchanges since Binance's first day. */
export const EARLY_CRYPTO = ['BTC', 'ETH', 'USDT', 'LTC', 'XRP', 'ADA'];
const BINANCE_FIRST_DAY = '2017-08-17';

/** The catalogue's codes as the worker's backfill reads them (dist/, after build:backend). */
export function catalogue() {
  const { catalogueCodes } = require(path.join(root, 'dist/services/worker/src/history/history-backfill.js'));
  return catalogueCodes();
}

/**
 * The history stand-in (libs/rates/testing/history-stand-in.ts, built into dist/) serving every
 * catalogued currency that the bundled snapshot prices, around that price: fiat and metals on
 * weekdays from 1999-01-04, except about one in four (a fixed seed) whose bank starts publishing
 * on a day drawn in 1999 … 2015; crypto every day from a listing day drawn in 2017-08-17 … 2024
 * (EARLY_CRYPTO from 2017-08-17). Frankfurter's ranges, Binance's klines, Coinbase's candles and
 * CoinGecko's market charts (its last 365 days) in their wire formats and page limits, as the tests have them.
 */
export async function startHistoryStandIn(today) {
  const { HistoryStandIn } = require(path.join(root, 'dist/libs/rates/testing/history-stand-in.js'));
  const snapshot = JSON.parse(
    readFileSync(require.resolve('@fawazahmed0/currency-api/v1/currencies/usd.min.json'), 'utf8'),
  );
  const { fiatAndMetals, crypto } = catalogue();
  const random = seeded(31);
  const magnitudes = { USD: 1 };
  const listedFrom = {};
  const drawDay = (first, last) =>
    dayText(Date.parse(first) + random((Date.parse(last) - Date.parse(first)) / DAY_MS + 1) * DAY_MS);
  for (const code of fiatAndMetals) {
    const perUsd = Number(snapshot.usd[code.toLowerCase()]);
    if (!(perUsd > 0)) continue;
    magnitudes[code] = perUsd;
    if (random(4) === 0) listedFrom[code] = drawDay('1999-01-04', '2015-12-31');
  }
  for (const code of crypto) {
    // The snapshot quotes MATIC under POL, the token it migrated to (bundled-snapshot.ts).
    const perUsd = Number(snapshot.usd[code === 'MATIC' ? 'pol' : code.toLowerCase()]);
    if (!(perUsd > 0)) continue;
    magnitudes[code] = perUsd;
    listedFrom[code] = EARLY_CRYPTO.includes(code)
      ? BINANCE_FIRST_DAY
      : drawDay(BINANCE_FIRST_DAY, '2024-12-31');
  }
  const standIn = await HistoryStandIn.start();
  standIn.today = today;
  standIn.magnitudes = magnitudes;
  standIn.listedFrom = listedFrom;
  // The time it spends building its answers (on this process's core), told apart from the backfill's.
  standIn.busyMs = 0;
  for (const route of ['frankfurter', 'binance', 'coinbase', 'coingecko']) {
    const answer = standIn[route].bind(standIn);
    standIn[route] = (...args) => {
      const started = performance.now();
      answer(...args);
      standIn.busyMs += performance.now() - started;
    };
  }
  return standIn;
}

/** The ECB's currencies: the columns of its history CSV (those it quoted at any time). */
export function ecbCodes(csvPath) {
  const header = readFileSync(csvPath, 'utf8').split('\n', 1)[0];
  return [
    'EUR',
    ...header
      .split(',')
      .slice(1)
      .map((c) => c.trim())
      .filter((c) => /^[A-Z]{3}$/.test(c)),
  ];
}

/**
 * Endless distinct mixed time-series queries (a fixed seed): 365 days from a start in 2018-01-01 …
 * a year before `today`, one of five bases, 10 symbols: 4 the ECB fixes every day, 3 only other
 * central banks publish (from Frankfurter, since 1999 in the stand-in), 3 crypto (exchange closes).
 */
export function mixedSeriesQueries(pools, today, seed = 1) {
  const random = seeded(seed);
  const first = Date.parse('2018-01-01');
  const lastStart = Date.parse(today) - 366 * DAY_MS;
  const bases = ['USD', 'EUR', 'GBP', 'JPY', 'CHF'];
  const draw = (pool, n, not) => {
    const left = pool.filter((code) => code !== not);
    const drawn = [];
    while (drawn.length < n) drawn.push(...left.splice(random(left.length), 1));
    return drawn;
  };
  return () => {
    const startMs = first + random((lastStart - first) / DAY_MS + 1) * DAY_MS;
    const base = bases[random(bases.length)];
    const symbols = [
      ...draw(pools.ecb, 4, base),
      ...draw(pools.centralBank, 3, base),
      ...draw(pools.crypto, 3, base),
    ];
    return `/api/v1/rates/timeseries?start=${dayText(startMs)}&end=${dayText(startMs + 364 * DAY_MS)}&base=${base}&symbols=${symbols.join(',')}`;
  };
}

/**
 * The mixed series' pools: the ECB's everyday currencies, fiat and metals the ECB never quoted that
 * the stand-in serves from 1999-01-04, and EARLY_CRYPTO.
 */
export function mixedPools(standIn, ecb, everydayEcb) {
  const { fiatAndMetals } = catalogue();
  const centralBank = fiatAndMetals.filter(
    (code) => !ecb.includes(code) && code in standIn.magnitudes && !(code in standIn.listedFrom),
  );
  return { ecb: everydayEcb, centralBank, crypto: EARLY_CRYPTO };
}

/**
 * Every year of history of every catalogued currency, as yearly USD-based series of at most
 * `perQuery` symbols: 1999 … the year of `today` (ending yesterday).
 */
export function everyYearQueries(today, perQuery = 40) {
  const { fiatAndMetals, crypto } = catalogue();
  const codes = [...fiatAndMetals, ...crypto];
  const yesterday = dayText(Date.parse(today) - DAY_MS);
  const queries = [];
  for (let year = 1999; year <= Number(today.slice(0, 4)); year++) {
    const end = `${year}-12-31` < yesterday ? `${year}-12-31` : yesterday;
    for (let i = 0; i < codes.length; i += perQuery) {
      const symbols = codes.slice(i, i + perQuery).join(',');
      queries.push(`/api/v1/rates/timeseries?start=${year}-01-01&end=${end}&base=USD&symbols=${symbols}`);
    }
  }
  return queries;
}
