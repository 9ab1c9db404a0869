// A 1,000-row batch conversion's latency (POST /api/v1/convert/batch): p50/p99 over sequential
// requests, then over concurrent ones, with the rows converted a second. `benchConvertBatch({ base,
// key })` measures an API already running (scripts/bench.mjs, `--only data-products`, passes its own);
// run alone (`node scripts/bench-convert-batch.mjs`) it builds nothing but starts the built API itself
// (dist/, `npm run build:backend` first) on its own database and Redis DB, with a key on a plan whose
// limits the load cannot reach, and prints the figures. BENCH_BATCH_SEQUENTIAL (100),
// BENCH_BATCH_CONCURRENCY (8) and BENCH_BATCH_CONCURRENT (160, in all) size the loads.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchApiEnv, enterpriseKeys, migrateBenchDatabase, startBuiltApi } from './bench-api.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ROWS = 1_000;
const SEQUENTIAL = Number(process.env.BENCH_BATCH_SEQUENTIAL ?? 100);
const CONCURRENCY = Number(process.env.BENCH_BATCH_CONCURRENCY ?? 8);
const CONCURRENT = Number(process.env.BENCH_BATCH_CONCURRENT ?? 160);
const WARM_UP = 20;

/** Pairs of a ledger: fiat, crypto, a metal; amounts as strings and numbers, small to huge. */
const PAIRS = [
  ['USD', 'EUR'],
  ['EUR', 'GBP'],
  ['GBP', 'JPY'],
  ['CHF', 'SEK'],
  ['BTC', 'USD'],
  ['USD', 'ETH'],
  ['XAU', 'EUR'],
  ['JPY', 'KWD'],
];
const AMOUNTS = ['100', 2500.5, '0.01', '123456789012.12345678', 7, '19.99', '.5'];

/** 1,000 rows at the current rates, each different. */
export function batchBody() {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const [from, to] = PAIRS[i % PAIRS.length];
    return { ref: `inv-${i}`, amount: AMOUNTS[i % AMOUNTS.length], from, to };
  });
  return JSON.stringify({ rows });
}

/** The p-th quantile (0..1) of sorted latencies, ms with one decimal. */
function quantile(sorted, p) {
  const at = Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, at)] * 10) / 10;
}

async function post(url, key, body) {
  const startedAt = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body,
  });
  const text = await response.text();
  const ms = performance.now() - startedAt;
  if (response.status !== 200) throw new Error(`batch: ${response.status} ${text.slice(0, 300)}`);
  return ms;
}

/**
 * Measures an API at `base` with `key` (on a plan whose quota and burst the load cannot reach):
 * resolves to `{ rows, sequential: { requests, p50, p99 }, concurrent: { requests, concurrency, p50,
 * p99, batchesPerSec, rowsPerSec } }`, latencies in ms, and prints one line.
 */
export async function benchConvertBatch({ base, key, log = console.log }) {
  const url = `${base}/api/v1/convert/batch`;
  const body = batchBody();
  const answer = await (
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body,
    })
  ).json();
  if (answer.ok !== ROWS)
    throw new Error(`batch: ${answer.ok} of ${ROWS} rows converted: ${JSON.stringify(answer).slice(0, 300)}`);
  for (let i = 0; i < WARM_UP; i++) await post(url, key, body);
  const sequential = [];
  for (let i = 0; i < SEQUENTIAL; i++) sequential.push(await post(url, key, body));
  sequential.sort((a, b) => a - b);
  const concurrent = [];
  let next = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < CONCURRENT) concurrent.push(await post(url, key, body));
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  concurrent.sort((a, b) => a - b);
  const figures = {
    rows: ROWS,
    bodyBytes: Buffer.byteLength(body),
    sequential: {
      requests: sequential.length,
      p50: quantile(sequential, 0.5),
      p99: quantile(sequential, 0.99),
    },
    concurrent: {
      requests: concurrent.length,
      concurrency: CONCURRENCY,
      p50: quantile(concurrent, 0.5),
      p99: quantile(concurrent, 0.99),
      batchesPerSec: Math.round((concurrent.length / seconds) * 10) / 10,
      rowsPerSec: Math.round((concurrent.length * ROWS) / seconds),
    },
  };
  log(
    `› convert/batch, ${ROWS} rows (${Math.round(figures.bodyBytes / 1024)} KB): sequential p50 ${figures.sequential.p50} ms, ` +
      `p99 ${figures.sequential.p99} ms (${figures.sequential.requests}); ${CONCURRENCY} concurrent p50 ${figures.concurrent.p50} ms, ` +
      `p99 ${figures.concurrent.p99} ms, ${figures.concurrent.batchesPerSec} batches/s = ${figures.concurrent.rowsPerSec.toLocaleString('en-US')} rows/s`,
  );
  return figures;
}

// ---------------------------------------------------------------------------------------------
// Run alone: the built API on a database and Redis DB of its own.

async function runAlone() {
  if (!existsSync(path.join(root, 'dist/services/api/src/main.js')))
    throw new Error('Build the backend first (npm run build:backend)');
  const env = benchApiEnv({
    port: Number(process.env.BENCH_BATCH_PORT ?? 4410),
    redisKeyPrefix: `fxrates-bench-batch-${randomBytes(3).toString('hex')}:`,
    databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fxrates_bench_batch',
    redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/10',
  });
  migrateBenchDatabase(env);
  // BENCH_API_FLAGS adds Node flags to the API, e.g. `--cpu-prof --cpu-prof-dir=artifacts/bench/profiles`.
  const flags = (process.env.BENCH_API_FLAGS ?? '').split(' ').filter(Boolean);
  const { base, stop } = await startBuiltApi(env, flags);
  try {
    console.log(
      `FXRates Pro batch conversion benchmark — Node ${process.version}, API and client sharing the machine`,
    );
    const [key] = await enterpriseKeys(base, 1, env.DATABASE_URL, 'bench-batch');
    return await benchConvertBatch({ base, key });
  } finally {
    await stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runAlone().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
