// Intraday bars' figures (`--only data-products`): (a) what keeping the bars costs per table
// version — ~300 currencies, one statement writing the 1m, 5m, 1h and 1d bars and the per-tick log —
// measured as the tables of a day arrive (the database growing), beside the same statement writing the
// 1-minute bars alone (what a rollup job from 1m would leave to the tick); (b) the p99 of
// GET /api/v1/rates/ohlc for a day of minutes (1,440 bars) over HTTP on the built API, for USD/EUR
// (read from the bars) and EUR/GBP (computed from the ticks).
// `node scripts/bench-bars.mjs` runs it alone (builds nothing: run `npm run build:backend` first);
// scripts/bench.mjs imports `benchBars`. BENCH_BAR_VERSIONS (2880: a day at one table every 30 s),
// BENCH_BARS_DURATION (10 s of load), BENCH_BARS_CONNECTIONS (8); BENCH_DATABASE_URL, BENCH_REDIS_URL.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import { MikroORM } from '@mikro-orm/postgresql';
import { benchApiEnv, enterpriseKeys, migrateBenchDatabase, startBuiltApi } from './bench-api.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const VERSIONS = Number(process.env.BENCH_BAR_VERSIONS ?? 2_880);
const SPACING_MS = Math.floor(86_400_000 / VERSIONS);
/** Versions written 1m-only, for the comparison. */
const MINUTE_ONLY_VERSIONS = Math.min(VERSIONS, 400);
const DURATION = Number(process.env.BENCH_BARS_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_BARS_CONNECTIONS ?? 8);
const API_PORT = Number(process.env.BENCH_BARS_API_PORT ?? 4410);
const DAY_MS = 86_400_000;
/** A cut-off after every partition: the retention's function then drops them all. */
const FAR_FUTURE = new Date('9999-01-01T00:00:00Z');

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const round = (ms) => Math.round(ms * 100) / 100;
function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return {
    versions: times.length,
    meanMs: round(mean),
    p50Ms: round(quantile(sorted, 0.5)),
    p99Ms: round(quantile(sorted, 0.99)),
  };
}

/** A random walk per currency: each version moves every value by up to ±0.05 %. */
function walker(codes) {
  let state = 7;
  const random = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
  const values = codes.map((_, i) => 0.5 + ((i * 7919) % 1000));
  return () =>
    values.map((value, i) => {
      values[i] = value * (1 + (random() - 0.5) / 1000);
      return values[i].toPrecision(12);
    });
}

/** (a) Every version of a day as the worker writes it; times per version, early and late in the day. */
async function measureKeeping(database, orm, codes, day) {
  const bars = new database.RateBarsRepository(orm.em.fork());
  // A clean slate: every partition dropped (the retention's own function, with a cut-off in the future).
  for (const interval of ['1m', '5m', '1h', '1d'])
    await bars.dropPartitionsBefore({ bars: interval }, FAR_FUTURE);
  await bars.dropPartitionsBefore('ticks', FAR_FUTURE);
  await bars.forgetVersionsBefore(FAR_FUTURE);
  await bars.ensurePartitions(new Date(day), 1);
  const next = walker(codes);
  const run = randomBytes(4).toString('hex');
  const times = [];
  process.stdout.write(
    `› bar-keeping: ${VERSIONS} versions of ${codes.length} currencies, one every ${SPACING_MS / 1000} s of a day… `,
  );
  for (let v = 0; v < VERSIONS; v++) {
    const tick = {
      version: `bench-${run}-${v}`,
      at: new Date(day + v * SPACING_MS),
      currencies: codes,
      rates: next(),
    };
    const started = performance.now();
    await bars.applyTick(tick);
    times.push(performance.now() - started);
  }
  const tenth = Math.max(1, Math.floor(VERSIONS / 10));
  const all = summary(times);
  process.stdout.write(`mean ${all.meanMs} ms, p99 ${all.p99Ms} ms\n`);
  // The same statement writing only the minute, on the next day (its own rows, the same database).
  const minuteOnly = [];
  await bars.ensurePartitions(new Date(day + DAY_MS), 1);
  for (let v = 0; v < MINUTE_ONLY_VERSIONS; v++) {
    const tick = {
      version: `bench-${run}-1m-${v}`,
      at: new Date(day + DAY_MS + v * SPACING_MS),
      currencies: codes,
      rates: next(),
    };
    const started = performance.now();
    await bars.applyTick(tick, ['1m']);
    minuteOnly.push(performance.now() - started);
  }
  const minute = summary(minuteOnly);
  console.log(
    `› the same, 1-minute bars only (${MINUTE_ONLY_VERSIONS} versions): mean ${minute.meanMs} ms, p99 ${minute.p99Ms} ms`,
  );
  // As a month's partitions are once it is over (BarRetention), and as autovacuum would soon: the
  // reads below then see the steady state, not pages no vacuum has marked all-visible yet.
  await bars.settleMonth(new Date(day));
  await bars.settleMonth(new Date(day + DAY_MS));
  return {
    currencies: codes.length,
    allIntervals: all,
    firstTenth: summary(times.slice(0, tenth)),
    lastTenth: summary(times.slice(-tenth)),
    minuteOnly: minute,
  };
}

/** (b) A day of minutes over HTTP, under load. */
async function measureOhlc(base, key, dayText, name, query, connections) {
  const url = `${base}/api/v1/rates/ohlc?${query}&interval=1m&start=${dayText}&end=${dayText}`;
  const sample = await fetch(url, { headers: { 'x-api-key': key } });
  if (!sample.ok) throw new Error(`${name}: ${sample.status} ${await sample.text()}`);
  const { bars } = await sample.json();
  const options = { url, headers: { 'x-api-key': key }, connections, pipelining: 1 };
  await autocannon({ ...options, duration: 3 });
  const result = await autocannon({ ...options, duration: DURATION });
  if (result.non2xx || result.errors)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const row = {
    name,
    connections,
    bars: bars.length,
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
  console.log(
    `› ohlc ${name}, ${row.bars} bars, ${connections} connection(s): ${row.requestsPerSec} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms`,
  );
  return row;
}

/** The intraday bars' figures; the API and the database as scripts/bench.mjs sets them up. */
export async function benchBars() {
  if (!existsSync(path.join(root, 'dist/services/api/src/main.js')))
    throw new Error('Build the backend first (npm run build:backend)');
  const env = benchApiEnv({
    port: API_PORT,
    redisKeyPrefix: `fxrates-bench-bars-${randomBytes(3).toString('hex')}:`,
  });
  migrateBenchDatabase(env);
  const database = require(path.resolve(root, 'dist/libs/db/src/index.js'));
  const { CURRENCIES } = require(path.resolve(root, 'dist/libs/domain/src/index.js'));
  const codes = CURRENCIES.map(({ code }) => code)
    .filter((code) => code !== 'USD')
    .sort();
  const orm = await MikroORM.init(database.ormConfig({ url: env.DATABASE_URL, poolMax: 2 }));
  // Yesterday (UTC): inside every plan's look-back, its month's partitions made by the bench.
  const day = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
  const dayText = new Date(day).toISOString().slice(0, 10);
  let api;
  try {
    const keeping = await measureKeeping(database, orm, codes, day);
    // Started once the writes are done: the load measures the API alone.
    api = await startBuiltApi(env);
    const { base } = api;
    const [key] = await enterpriseKeys(base, 1, env.DATABASE_URL, 'bench-bars');
    const ohlc = [];
    // One connection: the latency of a call alone; CONNECTIONS: under load.
    for (const connections of [1, CONNECTIONS]) {
      ohlc.push(await measureOhlc(base, key, dayText, 'USD/EUR (from the bars)', 'symbol=EUR', connections));
      ohlc.push(
        await measureOhlc(
          base,
          key,
          dayText,
          'EUR/GBP (cross, from the ticks)',
          'base=EUR&symbol=GBP',
          connections,
        ),
      );
    }
    return { keeping, ohlc };
  } finally {
    await api?.stop();
    await orm.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const results = await benchBars();
  console.log(JSON.stringify(results, null, 2));
}
