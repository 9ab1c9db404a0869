// `npm run bench`: measures the built API's landing converter and its metered public API (with a
// valid key) beside bare node:http servers answering the same JSON, in the same run, on the same
// pinned core. Prints req/s, p50/p99, peak RSS, CPU time a request and the ratio to bare Node;
// writes artifacts/bench/results.json. Not a test: nothing here can fail a build.
// `npm run bench -- --only timeseries` (or BENCH_ONLY=timeseries) imports the ECB history and runs
// the time-series part alone; `--only metered` the metered public API and its bare servers alone;
// `--only stream` 10 000 rate streams (BENCH_STREAMS) on one API process: its RSS, the time from a
// stored table to each stream's event, and the metered path with them open; `--only mix` the varied mix alone (200 keys; latest, rate and convert; no request repeated; see
// scripts/bench-mix-requests.mjs) against the public API beside a bare server doing the same work
// naively (scripts/bench-bare-mix-server.mjs). `--leases both` (or BENCH_LEASES=both) loads the mix
// on the API with its quota leases (`on`, the default) and with METERING_LEASES=off (`off`), and
// prints the difference. `--baseline <checkout>` (BENCH_BASELINE) adds another checkout's built
// public API to the mix's rounds, to compare two builds; `--baseline-node <path>` (BENCH_BASELINE_NODE)
// runs it on another Node binary, to compare two Node versions. `--only lighthouse` audits the landing pages
// with Lighthouse (scripts/bench-lighthouse.mjs): the performance score and the timings behind it,
// each beside its target, which the browser tests leave out since they move with the machine's load.
// `--only history` (scripts/bench-history.mjs): the worker's backfill of every catalogued
// currency from the history stand-in (Frankfurter v2 ranges, Binance klines, Coinbase candles; request
// spacing 0) timed, with the rows it wrote; a year × 10 symbols mixing ECB, other central banks' and
// crypto closes, a distinct query each, on the public API against the ECB-only series in alternated
// pairs (BENCH_PAIRS 8 of BENCH_PAIR_SECONDS 4, after BENCH_PAIR_WARM_UP 15 s; see `alternated`);
// and the public API's RSS once yearly series have read every currency's whole history.
// `--only data-products` (the data products): a 1,000-row POST /api/v1/convert/batch's latency, sequential and
// concurrent, on the API of this run (scripts/bench-convert-batch.mjs, `benchConvertBatch`); and the
// intraday bars (scripts/bench-bars.mjs, `benchBars`, its own API on the same database): the cost of
// keeping the bars per table version, and GET /api/v1/rates/ohlc's p99 for a day of minutes.
// The metered API is loaded twice: as deployed for /api/v1 (API_ROUTES=public-api, started for each
// of its loads) and as the whole API in one process (API_ROUTES=all).
// BENCH_API_FLAGS adds Node flags to the API (`--cpu-prof …`, `--trace-gc`); BENCH_API_STDOUT=1
// shows the API's standard output (where `--trace-gc` writes). BENCH_ROUNDS (5) sets how many rounds
// the API and its bare servers are loaded in turn; BENCH_DURATION (10) the seconds of each load.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { MIX_KEYS, MIX_ROUTES, mixCurrencies, mixRequests } from './bench-mix-requests.mjs';
import { frontendsBuilt, measureLighthouse } from './bench-lighthouse.mjs';
import {
  ecbCodes,
  everyYearQueries,
  mixedPools,
  mixedSeriesQueries,
  startHistoryStandIn,
} from './bench-history.mjs';
import { benchApiEnv, enterpriseKeys, waitFor } from './bench-api.mjs';
import { benchBars } from './bench-bars.mjs';
import { benchConvertBatch } from './bench-convert-batch.mjs';
import {
  bucketQuantiles,
  openStreamsApart,
  STREAM_TOPICS,
  streamDelayBuckets,
} from './bench-stream-clients.mjs';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SERVER_CORE = process.env.BENCH_SERVER_CORE ?? '1';
// Rounds of the API beside its bare servers, taken in turn (see `interleaved`).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Seconds of load before each measured load. */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 5);
// Pairs of short loads of two servers side by side, and their seconds (see `alternated`).
const ALTERNATED_PAIRS = Number(process.env.BENCH_PAIRS ?? 8);
const ALTERNATED_SECONDS = Number(process.env.BENCH_PAIR_SECONDS ?? 4);
// Their warm-up: long enough for caches that fill from PostgreSQL to reach their steady state (a
// mixed series' columns come from three sources; after 5 s its first pairs still ran at 0.76–0.78).
const ALTERNATED_WARM_UP = Number(process.env.BENCH_PAIR_WARM_UP ?? 15);
const API_PORT = 4400;
const PUBLIC_API_PORT = 4402;
const QUERY = '/api/rates/convert?from=USD&to=EUR&amount=100';
const METERED_QUERY = '/api/v1/rates/latest?base=USD&symbols=EUR,GBP,JPY';
const flag = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const ONLY = flag('only', process.env.BENCH_ONLY);
const PARTS = ['timeseries', 'metered', 'mix', 'stream', 'lighthouse', 'history', 'data-products'];
if (ONLY !== undefined && !PARTS.includes(ONLY))
  throw new Error(`--only ${ONLY}: only ${PARTS.map((part) => `"${part}"`).join(', ')} are known`);
/** Whether this run measures `part`: every part without --only. */
const runs = (part) => ONLY === undefined || ONLY === part;
const LEASES = flag('leases', process.env.BENCH_LEASES ?? 'on');
if (!['on', 'off', 'both'].includes(LEASES)) throw new Error(`--leases ${LEASES}: "on", "off" or "both"`);
// Another checkout with a built backend (e.g. the main branch before a change): the mix loads its
// public API too, in the same rounds, on the same database and Redis; the time series loads it beside
// this build's in alternated pairs (`alternated`).
const BASELINE = flag('baseline', process.env.BENCH_BASELINE);
const baselineMain = BASELINE && path.resolve(BASELINE, 'dist/services/api/src/main.js');
if (baselineMain && !existsSync(baselineMain))
  throw new Error(`--baseline: no ${baselineMain} (build it first)`);
// The Node that runs the baseline's API: by default this bench's own, so that only the builds differ.
const BASELINE_NODE = flag('baseline-node', process.env.BENCH_BASELINE_NODE) ?? process.execPath;
const baselineNodeVersion = spawnSync(BASELINE_NODE, ['--version'], { encoding: 'utf8' }).stdout?.trim();
if (BASELINE && !baselineNodeVersion) throw new Error(`--baseline-node: ${BASELINE_NODE} does not run`);
// One year of closes for 10 symbols, a different query on every request (see timeseriesQueries).
// The currencies the ECB quoted on every day of its history (1999-01-04 … 2026-04-13), so that any
// year answers 200; EUR is the pivot of the file and always there too.
const SERIES_CODES = ['EUR', 'USD', 'JPY', 'CZK', 'DKK', 'GBP', 'HUF', 'PLN', 'SEK', 'CHF', 'NOK'];
const SERIES_CODES_MORE = ['AUD', 'CAD', 'HKD', 'KRW', 'NZD', 'SGD', 'ZAR'];
const SERIES_BASES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF'];
const SERIES_FIRST = Date.parse('1999-01-04');
const SERIES_LAST_START = Date.parse('2025-04-14');
/**
 * Connections of the history part's loads: at 50, every currency's history read by distinct series
 * ran the public API out of its 192 MB heap (docs/performance.md), ending the run without figures.
 */
const HISTORY_CONNECTIONS = Number(process.env.BENCH_HISTORY_CONNECTIONS ?? 8);
/** Streams held open by one API process, and the rate changes timed on them. */
const STREAM_COUNT = Number(process.env.BENCH_STREAMS ?? 10_000);
const STREAM_PUBLICATIONS = Number(process.env.BENCH_STREAM_PUBLICATIONS ?? 20);
/** Pairs of metered loads without and with the streams open. */
const STREAM_ROUNDS = Number(process.env.BENCH_STREAM_ROUNDS ?? 3);
/** A compressed series at this rate with p99 ≤ 50 ms. */
const SERIES_OFFERED_RATE = 2_000;
const ECB_CSV = process.env.BENCH_ECB_CSV ?? path.resolve(root, '../shared/data/ecb/eurofxref-hist.csv');
const env = {
  ...benchApiEnv({ port: API_PORT, redisKeyPrefix: 'fxrates-bench:' }),
  // Landing converter limits the load cannot reach either (it is one session from one IP).
  CONVERTER_SESSION_PER_MINUTE: '1000000000',
  CONVERTER_IP_PER_MINUTE: '1000000000',
  // glibc's trim threshold as deployed (deploy/k8s/api.yaml).
  MALLOC_TRIM_THRESHOLD_: '131072',
};

const CLIENT_CORE = process.env.BENCH_CLIENT_CORE ?? '0';
const hasTaskset = spawnSync('taskset', ['--version']).status === 0;
// autocannon runs in this process: keep it off the server's core.
if (hasTaskset)
  spawnSync('taskset', ['-a', '-p', '-c', CLIENT_CORE, String(process.pid)], { stdio: 'ignore' });
function startNode(args, extraEnv = {}, cwd = root, node = process.execPath) {
  const [cmd, argv] = hasTaskset ? ['taskset', ['-c', SERVER_CORE, node, ...args]] : [node, args];
  const child = spawn(cmd, argv, {
    cwd,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', process.env.BENCH_API_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  return child;
}

/** Peak resident set size (VmHWM) of a process, in MB; `field` VmRSS for the present one. */
function peakRssMb(pid, field = 'VmHWM') {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, in ms. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * Loads `url`; with the server's `pid`, also how busy the server and this client were: a server
 * short of 100 % is waiting (on Redis, on the client), a client near 100 % is the bottleneck.
 */
async function load(name, url, headers, options = {}, pid = undefined) {
  // A revalidation load counts its 304s as the answers it wants.
  // countFailures: a load whose server fails some answers is reported with their count, not ended.
  const { expect304 = false, countFailures = false, ...autocannonOptions } = options;
  process.stdout.write(
    `› ${name}: ${options.duration ?? DURATION}s, ${options.connections ?? CONNECTIONS} connections… `,
  );
  const serverBefore = pid === undefined ? null : cpuMs(pid);
  const clientBefore = process.cpuUsage();
  const startedAt = performance.now();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    pipelining: 1,
    ...autocannonOptions,
  });
  const ok = expect304 ? result['3xx'] : result['2xx'];
  const elapsedMs = performance.now() - startedAt;
  const serverAfter = pid === undefined ? null : cpuMs(pid);
  const client = process.cpuUsage(clientBefore);
  const serverCpu =
    serverBefore === null || serverAfter === null
      ? null
      : Math.round((100 * (serverAfter - serverBefore)) / elapsedMs);
  const clientCpu = Math.round((client.user + client.system) / 10 / elapsedMs);
  const cpuPerRequestUs =
    serverBefore === null || serverAfter === null || !ok
      ? null
      : Math.round((1000 * (serverAfter - serverBefore)) / ok);
  process.stdout.write(
    `${Math.round(result.requests.average)} req/s` +
      (serverCpu === null ? '' : `, server CPU ${serverCpu} % (${cpuPerRequestUs} µs a request)`) +
      `, client CPU ${clientCpu} %\n`,
  );
  const unexpected = expect304 ? result.non2xx - result['3xx'] + result['2xx'] : result.non2xx;
  if ((unexpected || result.errors) && !countFailures) {
    throw new Error(`${name}: ${unexpected} unexpected responses, ${result.errors} errors`);
  }
  return {
    name,
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    failures: unexpected + result.errors,
    serverCpu,
    cpuPerRequestUs,
    clientCpu,
  };
}

async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

if (!existsSync(path.join(root, 'dist/services/api/src/main.js'))) {
  console.log('› Building the backend…');
  spawnSync('npm', ['run', '--silent', 'build:backend'], { cwd: root, stdio: 'inherit' });
}
/** The repositories and entities, as built into dist/ (the services' own). */
const database = createRequire(import.meta.url)(path.resolve(root, 'dist/libs/db/src/index.js'));
const migration = spawnSync(process.execPath, ['dist/libs/db/src/cli/migrate.js', 'up'], { cwd: root, env });
if (migration.status !== 0) {
  console.error(`› Migrating ${env.DATABASE_URL} failed:\n${migration.stdout}${migration.stderr}`);
  process.exit(1);
}

console.log(
  `FXRates Pro benchmark — Node ${process.version}, ` +
    (BASELINE ? `baseline on Node ${baselineNodeVersion}, ` : '') +
    (hasTaskset
      ? `server on core ${SERVER_CORE}, autocannon on core ${CLIENT_CORE}`
      : 'no taskset: cores shared'),
);

/** Loads a URL on the API (already running) after a warm-up; adds its peak RSS. */
async function measureApi(name, url, headers, pid, options = {}) {
  await load(`warm-up ${name}`, url, headers, options, pid);
  return { ...(await load(name, url, headers, options, pid)), rssMb: peakRssMb(pid) };
}

/**
 * Endless distinct time-series queries (a fixed seed, so every run asks the same sequence): 365
 * days from a random start in 1999-01-04 … 2025-04-14 (so most span two calendar years), one of
 * five bases, 10 symbols drawn from the 17 other currencies quoted throughout.
 */
function timeseriesQueries(seed = 1) {
  let state = seed;
  const random = (n) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return Math.floor((state / 2 ** 32) * n);
  };
  return () => {
    const startMs = SERIES_FIRST + random((SERIES_LAST_START - SERIES_FIRST) / 86_400_000 + 1) * 86_400_000;
    const start = new Date(startMs).toISOString().slice(0, 10);
    const end = new Date(startMs + 364 * 86_400_000).toISOString().slice(0, 10);
    const baseCode = SERIES_BASES[random(SERIES_BASES.length)];
    const pool = [...SERIES_CODES, ...SERIES_CODES_MORE].filter((code) => code !== baseCode);
    const symbols = [];
    while (symbols.length < 10) symbols.push(...pool.splice(random(pool.length), 1));
    return `/api/v1/rates/timeseries?start=${start}&end=${end}&base=${baseCode}&symbols=${symbols.join(',')}`;
  };
}

/** Time series under load, every request a query of its own; first, a few built cold, one at a time. */
async function measureTimeseries(headers, pid) {
  const next = timeseriesQueries();
  const cold = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${next()}`, { headers });
    if (!res.ok) throw new Error(`timeseries: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    cold.push(performance.now() - started);
  }
  cold.sort((a, b) => a - b);
  const coldMs = { p50: Math.round(cold[10]), max: Math.round(cold.at(-1)) };
  console.log(
    `› time series, 20 distinct queries one at a time, history not yet loaded: p50 ${coldMs.p50} ms, max ${coldMs.max} ms`,
  );
  const requests = [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }];
  const row = await measureApi(
    'API GET /api/v1/rates/timeseries, 1 year × 10 symbols, a distinct query per request',
    `${base}/api/v1/rates/timeseries`,
    headers,
    pid,
    { requests },
  );
  return { ...row, coldMs };
}

/**
 * Caching and compression: the same year × 10 symbols compressed, every request a query
 * of its own (each built, hashed and compressed: the closes cache never helps), then one query asked
 * again and again (the closes cache answers), uncompressed, and revalidated (If-None-Match: 304).
 */
async function measureSeriesCaching(headers, pid) {
  const next = timeseriesQueries(7);
  const compressedHeaders = { ...headers, 'accept-encoding': 'br, gzip' };
  const distinct = await measureApi(
    'API GET timeseries, 1 year × 10 symbols, br, a distinct query per request',
    `${base}/api/v1/rates/timeseries`,
    compressedHeaders,
    pid,
    { requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }] },
  );
  // The target read as a service level: 2 000 req/s offered (not as many as 50 connections can
  // take), and the p99 at that rate. At full load every call waits behind the 49 others in flight.
  const atTarget = timeseriesQueries(9);
  const offered = await measureApi(
    'API GET timeseries, 1 year × 10 symbols, br, a distinct query per request, 2 000 req/s offered',
    `${base}/api/v1/rates/timeseries`,
    compressedHeaders,
    pid,
    {
      overallRate: SERIES_OFFERED_RATE,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: atTarget() }) }],
    },
  );
  const popular = `${base}${next()}`;
  const first = await fetch(popular, { headers });
  if (!first.ok) throw new Error(`timeseries: ${first.status} ${await first.text()}`);
  const etag = first.headers.get('etag');
  const bytes = (await first.arrayBuffer()).byteLength;
  const repeatedCompressed = await measureApi(
    'API GET timeseries, the same query again and again, br',
    popular,
    compressedHeaders,
    pid,
  );
  const repeated = await measureApi(
    `API GET timeseries, the same query again and again, uncompressed (${Math.round(bytes / 1024)} KB)`,
    popular,
    headers,
    pid,
  );
  const revalidated = await measureApi(
    'API GET timeseries, the same query with If-None-Match: 304',
    popular,
    { ...headers, 'if-none-match': etag },
    pid,
    { expect304: true },
  );
  return [distinct, offered, repeatedCompressed, repeated, revalidated];
}

/** Starts a bare server in a mode on `port`, answering `pathAndQuery` as the API does; returns its process. */
async function startBare(mode, body, pathAndQuery, headers, port, responseHeaders) {
  const bare = startNode(['scripts/bench-bare-server.mjs'], {
    BARE_MODE: mode,
    BARE_BODY: body,
    BARE_PORT: String(port),
    ...(responseHeaders ? { BARE_HEADERS: JSON.stringify(responseHeaders) } : {}),
  });
  await waitFor(`http://127.0.0.1:${port}${pathAndQuery}`, { headers });
  return bare;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Loads every server in turn, `ROUNDS` times over, each load after a warm-up of its own: each round's
 * API figure has the bare servers' beside it, measured within the same minute. This VM's speed drifts
 * by up to a third between minutes, so servers measured one after the other (the API, then each bare
 * server) gave ratios from 0.61 to 0.86 for the same build. A bare server runs only for its own load
 * (`start` … `stop`): kept running beside the others, bare Node measured up to a fifth slower.
 * A row is the median round; its ratio is the median of the rounds' own ratios to the first server.
 */
async function interleaved(servers, optionsFor = () => ({})) {
  const rounds = servers.map(() => []);
  const rss = servers.map(() => 0);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [i, server] of servers.entries()) {
      const { url, headers, pid, stop: stopServer } = await server.start();
      const warmUp = { ...optionsFor('warm-up', i), duration: WARM_UP };
      await load(`warm-up ${server.name}`, url, headers, warmUp, pid);
      const measured = optionsFor('load', i);
      rounds[i].push(await load(`${server.name}, round ${round}/${ROUNDS}`, url, headers, measured, pid));
      rss[i] = Math.max(rss[i], peakRssMb(pid) ?? 0);
      await stopServer();
    }
  }
  return servers.map(({ name }, i) => rowOf(name, rounds[i], rounds[0], rss[i]));
}

/**
 * A server's row: the median of its loads, its peak RSS, its failed answers, and per load the first
 * server's requests/s over its own (the first server's row reads 1.00 throughout).
 */
function rowOf(name, runs, firstRuns, rssMb) {
  return {
    name,
    requestsPerSec: median(runs.map((run) => run.requestsPerSec)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    serverCpu: median(runs.map((run) => run.serverCpu)),
    cpuPerRequestUs: median(runs.map((run) => run.cpuPerRequestUs)),
    clientCpu: median(runs.map((run) => run.clientCpu)),
    rssMb,
    failures: runs.reduce((sum, run) => sum + (run.failures ?? 0), 0),
    ratios: runs.map((run, i) => firstRuns[i].requestsPerSec / run.requestsPerSec),
    // The same, by the server's CPU time a request: what a load that does not keep the core busy
    // (a server waiting on PostgreSQL or the client) still compares.
    cpuRatios: runs.map((run, i) => run.cpuPerRequestUs / firstRuns[i].cpuPerRequestUs),
  };
}

/**
 * Two servers up side by side (on ports of their own), each warmed up once (ALTERNATED_WARM_UP),
 * then loaded in turn in short pairs ordered A B, B A, A B, … : two workloads measured seconds apart, the order
 * alternating so that a drift of the machine's speed during a pair favours neither. Rounds of
 * fresh servers minutes apart (`interleaved`) gave the history comparison ratios from 0.65 to 1.44
 * on this VM; the ratio here is the median of the pairs' own. Rows as `interleaved` gives them.
 */
async function alternated(servers, optionsFor = () => ({}), pairs = ALTERNATED_PAIRS) {
  const started = [];
  try {
    for (const server of servers) started.push(await server.start());
    for (const [i, server] of servers.entries()) {
      const { url, headers, pid } = started[i];
      await load(
        `warm-up ${server.name}`,
        url,
        headers,
        { ...optionsFor('warm-up', i), duration: ALTERNATED_WARM_UP },
        pid,
      );
    }
    // One options object per server for every pair: its query generator goes on, so no query repeats.
    const options = servers.map((_server, i) => ({ ...optionsFor('load', i), duration: ALTERNATED_SECONDS }));
    const runs = servers.map(() => []);
    for (let pair = 1; pair <= pairs; pair++) {
      const order = pair % 2 === 1 ? [0, 1] : [1, 0];
      for (const i of order) {
        const { url, headers, pid } = started[i];
        runs[i].push(await load(`${servers[i].name}, pair ${pair}/${pairs}`, url, headers, options[i], pid));
      }
    }
    return servers.map(({ name }, i) => rowOf(name, runs[i], runs[0], peakRssMb(started[i].pid) ?? 0));
  } finally {
    for (const { stop: stopServer } of started) await stopServer();
  }
}

/**
 * Fails the run unless the bare mix server answers as the API does: the same JSON (parsed, so number
 * notation aside) for a call with each key, every route among them. It also makes each key's first
 * call, which reads the key and seeds its month's counter from PostgreSQL: otherwise the first
 * server loaded would pay for it in its rounds.
 */
async function checkMixBodies(codes, keys) {
  const bare = startNode(['scripts/bench-bare-mix-server.mjs'], { BARE_PORT: '4401' });
  try {
    await waitFor(`http://127.0.0.1:4401${MIX_ROUTES.rate}?from=USD&to=EUR`);
    const next = mixRequests(codes, keys, 3);
    const routes = new Set();
    for (let i = 0; i < keys.length; i++) {
      const { path: target, key } = next();
      routes.add(target.split('?')[0]);
      const apiAnswer = await fetch(`${base}${target}`, { headers: { 'x-api-key': key } });
      const bareAnswer = await fetch(`http://127.0.0.1:4401${target}`);
      const [apiBody, bareBody] = [await apiAnswer.text(), await bareAnswer.text()];
      if (!apiAnswer.ok || !bareAnswer.ok || !isDeepStrictEqual(JSON.parse(apiBody), JSON.parse(bareBody))) {
        throw new Error(
          `${target}: the bare mix server answers otherwise than the API\n` +
            `API ${apiAnswer.status}: ${apiBody}\nbare ${bareAnswer.status}: ${bareBody}`,
        );
      }
    }
    if (routes.size !== Object.keys(MIX_ROUTES).length) throw new Error(`mix check: only ${[...routes]}`);
    console.log(`› The bare mix server answers ${keys.length} calls of the mix (one a key) as the API does.`);
  } finally {
    await stop(bare);
  }
}

/** Imports the whole ECB history into an empty rate_history, as an operator would; returns seconds. */
async function timeHistoryImport() {
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  await new database.ClosesImportRepository(db).deleteCloses({ sources: ['ecb'] });
  await db.end();
  process.stdout.write(`› ECB history import (${ECB_CSV})… `);
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    ['dist/services/worker/src/cli/rates-backfill.js', '--file', ECB_CSV],
    {
      cwd: root,
      env,
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`rates:backfill failed:\n${run.stderr}`);
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  process.stdout.write(`${seconds} s\n`);
  return seconds;
}

const hasHistory = (runs('timeseries') || runs('history')) && existsSync(ECB_CSV);
const historyImportSeconds = hasHistory ? await timeHistoryImport() : null;
if (!hasHistory && (runs('timeseries') || runs('history')))
  console.log(`› No ECB history CSV at ${ECB_CSV} (set BENCH_ECB_CSV): no history figures.`);

const TODAY = new Date().toISOString().slice(0, 10);
/**
 * The worker's backfill (scripts/bench-history-backfill.mjs) on the server's core, from
 * the history stand-in served by this process, into a rate_history emptied of its sources.
 */
async function timeHistoryBackfill(standIn) {
  process.stdout.write(`› History backfill of every currency from the stand-in… `);
  const args = ['scripts/bench-history-backfill.mjs'];
  const child = spawn(
    hasTaskset ? 'taskset' : process.execPath,
    hasTaskset ? ['-c', SERVER_CORE, process.execPath, ...args] : args,
    {
      cwd: root,
      env: { ...env, STAND_IN_URL: standIn.url, BENCH_TODAY: TODAY },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`history backfill exited ${code}: ${out}`);
  const result = JSON.parse(out.trim().split('\n').at(-1));
  const rows = result.stored.reduce((sum, source) => sum + source.rows, 0);
  const requests = Object.values(result.results).reduce((sum, r) => sum + (r?.requests ?? 0), 0);
  const failed = Object.entries(result.results).filter(([, r]) => r?.failed);
  if (failed.length > 0) throw new Error(`history backfill: ${JSON.stringify(failed)}`);
  process.stdout.write(`${result.seconds.toFixed(1)} s, ${rows.toLocaleString('en-US')} rows\n`);
  return { ...result, rows, requests, standInSeconds: standIn.busyMs / 1000 };
}
const historyStandIn = hasHistory && runs('history') ? await startHistoryStandIn(TODAY) : null;
const historyBackfill = historyStandIn ? await timeHistoryBackfill(historyStandIn) : null;
const everydayEcb = [...SERIES_CODES, ...SERIES_CODES_MORE].filter((code) => code !== 'EUR');
const historyPools = historyStandIn ? mixedPools(historyStandIn, ecbCodes(ECB_CSV), everydayEcb) : null;
if (historyStandIn) {
  historyStandIn.requests.length = 0;
  await historyStandIn.close();
}

const scenarios = [];
const base = `http://127.0.0.1:${API_PORT}`;
// BENCH_API_FLAGS adds Node flags to the API, e.g. `--cpu-prof --cpu-prof-dir=artifacts/bench/profiles`.
const apiFlags = (process.env.BENCH_API_FLAGS ?? '').split(' ').filter(Boolean);
const api = startNode([...apiFlags, 'dist/services/api/src/main.js']);
await waitFor(`${base}/api/health/ready`);

const [benchKey] = await enterpriseKeys(base, 1, env.DATABASE_URL);
const keyHeaders = { 'x-api-key': benchKey };
/** The API, running throughout. */
const apiServer = (name, pathAndQuery, headers) => ({
  name,
  start: async () => ({ url: `${base}${pathAndQuery}`, headers, pid: api.pid, stop: async () => {} }),
});
/**
 * The API as deployed for /api/v1 alone (API_ROUTES=public-api, deploy/k8s/api-public.yaml), started
 * for each of its loads like a bare server.
 */
const publicApiServer = (
  name,
  pathAndQuery,
  headers,
  extraEnv = {},
  checkout = root,
  port = PUBLIC_API_PORT,
  node = process.execPath,
) => ({
  name,
  async start() {
    const publicApi = startNode(
      [...apiFlags, 'dist/services/api/src/main.js'],
      { API_PORT: String(port), API_ROUTES: 'public-api', ...extraEnv },
      checkout,
      node,
    );
    const url = `http://127.0.0.1:${port}${pathAndQuery}`;
    await waitFor(url, { headers });
    return { url, headers, pid: publicApi.pid, stop: () => stop(publicApi) };
  },
});
/** A bare server, started for each of its loads. */
const bareServer = (name, mode, body, pathAndQuery, headers, responseHeaders) => ({
  name,
  async start() {
    const bare = await startBare(mode, body, pathAndQuery, headers, 4401, responseHeaders);
    const url = `http://127.0.0.1:4401${pathAndQuery}`;
    return { url, headers, pid: bare.pid, stop: () => stop(bare) };
  },
});
/** The bare server of the varied mix, started for each of its loads. */
const bareMixServer = (name, pathAndQuery) => ({
  name,
  async start() {
    const bare = startNode(['scripts/bench-bare-mix-server.mjs'], { BARE_PORT: '4401' });
    const url = `http://127.0.0.1:4401${pathAndQuery}`;
    await waitFor(url);
    return { url, headers: {}, pid: bare.pid, stop: () => stop(bare) };
  },
});

if (runs('landing')) {
  // 1. The landing converter: anonymous session, no metering.
  const session = await (await fetch(`${base}/api/auth/session`, { method: 'POST' })).json();
  const sessionHeaders = { 'x-session-token': session.sessionToken };
  const convertSample = await (await fetch(`${base}${QUERY}`, { headers: sessionHeaders })).text();
  scenarios.push({
    name: 'landing converter',
    rows: await interleaved([
      apiServer('API GET /api/rates/convert', QUERY, sessionHeaders),
      bareServer('bare node:http (precomputed)', 'precomputed', convertSample, QUERY, sessionHeaders),
      bareServer('bare node:http (naive)', 'naive', convertSample, QUERY, sessionHeaders),
    ]),
  });
}

if (runs('metered')) {
  // 2. The metered public API: key from the cache, plan gate, metered in Redis or from a lease.
  const meteredResponse = await fetch(`${base}${METERED_QUERY}`, { headers: keyHeaders });
  const meteredSample = await meteredResponse.text();
  /** The API's own headers, minus those Node's HTTP server sets itself. */
  const meteredHeaders = Object.fromEntries(
    [...meteredResponse.headers].filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name),
    ),
  );
  const bare = (name, mode, responseHeaders) =>
    bareServer(name, mode, meteredSample, METERED_QUERY, keyHeaders, responseHeaders);
  const rows = await interleaved([
    publicApiServer(`API GET ${METERED_QUERY} (API_ROUTES=public-api)`, METERED_QUERY, keyHeaders),
    bare('bare node:http (precomputed)', 'precomputed'),
    bare('bare node:http (precomputed, same headers)', 'precomputed', meteredHeaders),
    // Not the target's baseline: what exact metering costs by itself, for comparison.
    bare(
      'bare node:http (precomputed, same headers, metered by the same script in Redis)',
      'metered',
      meteredHeaders,
    ),
    // The whole API in one process, as docker-compose runs it, after dashboard writes (the bench's
    // own user and key were made through it): on Node 20 they turned MikroORM's async hooks on.
    apiServer(`API GET ${METERED_QUERY} (API_ROUTES=all)`, METERED_QUERY, keyHeaders),
  ]);
  const [, bareRow, , , allRow] = rows;
  // Both ratios are the first row's over theirs: (public ÷ bare) ÷ (public ÷ all) = all ÷ bare.
  const allVsBare = bareRow.ratios.map((ratio, round) => ratio / allRow.ratios[round]);
  scenarios.push({
    name: 'metered public API (target: ≥ 0.70 of bare node:http, p99 ≤ 10 ms, RSS ≤ 200 MB)',
    rows,
    notes: [
      `API_ROUTES=all ÷ bare node:http (precomputed): ${median(allVsBare).toFixed(2)} (${allVsBare.map((r) => r.toFixed(2)).join(' / ')})`,
    ],
  });
}

if (runs('mix')) {
  // 3. The varied mix: 200 users, each with a key, calling latest, rate and convert, no request
  // repeated; the public API (with or without its quota leases) beside bare Node doing the same work.
  const codes = mixCurrencies();
  process.stdout.write(`› Signing up ${MIX_KEYS} users with a key each… `);
  const keys = await enterpriseKeys(base, MIX_KEYS, env.DATABASE_URL);
  process.stdout.write('done\n');
  await checkMixBodies(codes, keys);
  const first = mixRequests(codes, keys, 1)();
  const firstHeaders = { 'x-api-key': first.key };
  /** The public API of this checkout or, given one, of the baseline checkout (on the baseline's Node). */
  const mixApi = (leases, baseline = undefined) =>
    publicApiServer(
      `${baseline ? `baseline API (${baseline}, Node ${baselineNodeVersion})` : 'API'} (API_ROUTES=public-api), leases ${leases}`,
      first.path,
      firstHeaders,
      leases === 'off' ? { METERING_LEASES: 'off' } : {},
      baseline ? path.resolve(baseline) : root,
      PUBLIC_API_PORT,
      baseline ? BASELINE_NODE : process.execPath,
    );
  const firstLeases = LEASES === 'off' ? 'off' : 'on';
  const servers = [
    mixApi(firstLeases),
    bareMixServer('bare node:http, the same work naively (decimal.js, JSON.stringify)', first.path),
    ...(LEASES === 'both' ? [mixApi('off')] : []),
    ...(BASELINE ? [mixApi(firstLeases, BASELINE)] : []),
  ];
  // Every server gets the same stream: its loads from seed 1, their warm-ups from seed 2.
  const stream = (phase) => {
    const next = mixRequests(codes, keys, phase === 'load' ? 1 : 2);
    const setupRequest = (request) => {
      const { path: target, key } = next();
      return { ...request, path: target, headers: { ...request.headers, 'x-api-key': key } };
    };
    return { requests: [{ method: 'GET', setupRequest }] };
  };
  const rows = await interleaved(servers, stream);
  const [apiRow, bareRow] = rows;
  const offRow = LEASES === 'both' ? rows[2] : undefined;
  const baselineRow = BASELINE ? rows.at(-1) : undefined;
  const notes = [
    `${MIX_KEYS} keys, ${codes.length} currencies; API ÷ bare node:http: ${median(bareRow.ratios).toFixed(2)}`,
    `Targets: ${apiRow.requestsPerSec} metered req/s (≥ 30 000 on one core), p99 ${apiRow.p99} ms ` +
      `(≤ 10 ms at ${CONNECTIONS} connections), peak RSS ${apiRow.rssMb} MB (≤ 200 MB)`,
  ];
  if (offRow) {
    const change = (median(offRow.ratios) - 1) * 100;
    notes.push(
      `Leases on ÷ off: ${median(offRow.ratios).toFixed(2)} (${offRow.ratios.map((r) => r.toFixed(2)).join(' / ')}): ` +
        `leases ${change >= 0 ? 'add' : 'cost'} ${Math.abs(change).toFixed(1)} % of throughput ` +
        `(they would be removed below 10 %)`,
    );
  }
  if (baselineRow) {
    notes.push(
      `This build ÷ baseline: ${median(baselineRow.ratios).toFixed(2)} (${baselineRow.ratios.map((r) => r.toFixed(2)).join(' / ')}) ` +
        `(target: no worse than before by more than 5 %, i.e. ≥ 0.95)`,
      // What a busy machine leaves comparable: a server sharing its core with other work is slower
      // by the minute, but not by the CPU time it spends on a request.
      `This build ÷ baseline, by CPU time a request: ${median(baselineRow.cpuRatios).toFixed(2)} (${baselineRow.cpuRatios.map((r) => r.toFixed(2)).join(' / ')})`,
    );
  }
  scenarios.push({
    name: `varied mix (target: ≥ 30 000 req/s on one core, p99 ≤ 10 ms, RSS ≤ 200 MB; leases ${LEASES})`,
    rows,
    notes,
  });
}

// 4. A year of daily closes for 10 symbols, a different query on every request, so no answer is
// ever served twice: years come from the API's in-process history, rates from its memo.
const timeseriesApi = hasHistory && runs('timeseries') ? await measureTimeseries(keyHeaders, api.pid) : null;
const cachingRows = hasHistory && runs('timeseries') ? await measureSeriesCaching(keyHeaders, api.pid) : null;

// 5. Lighthouse's scores and timings of the landing pages, against the
// API above behind the built frontends (printed with the other figures below).
const lighthouseBuilt = runs('lighthouse') && frontendsBuilt();
if (runs('lighthouse') && !lighthouseBuilt)
  console.log('› The frontends are not built (npm run build:frontends): no Lighthouse figures.');
const lighthouseLines = [];
const lighthouse = lighthouseBuilt
  ? await measureLighthouse(base, (line) => lighthouseLines.push(line))
  : null;

// 6. Data products: a 1,000-row batch conversion on the API above, with its Enterprise key.
const convertBatch = runs('data-products') ? await benchConvertBatch({ base, key: benchKey }) : null;
await stop(api);
// The bars start an API of their own (its port, its Redis prefix) on the same database.
const bars = runs('data-products') ? await benchBars() : null;
const dataProducts = runs('data-products') ? { convertBatch, bars } : null;
/** The q-quantile (0…1) of `values`, rounded to a ms; sorts them. */
function quantilesOf(values) {
  values.sort((a, b) => a - b);
  return (q) => Math.round(values[Math.min(values.length - 1, Math.floor(q * values.length))]);
}

/**
 * What this machine's core does at all with as many streams: bare node:http writing one event to
 * each (scripts/bench-bare-stream-server.mjs), timed by its own loop and by the same clients.
 */
async function bareStreamFloor() {
  const bare = startNode(['scripts/bench-bare-stream-server.mjs'], { BARE_PORT: '4401' });
  await waitFor('http://127.0.0.1:4401/');
  process.stdout.write(`› The floor: ${STREAM_COUNT} streams on bare node:http… `);
  const clients = await openStreamsApart({ port: 4401, key: 'unused', count: STREAM_COUNT });
  const latencies = [];
  const loops = [];
  for (let n = 1; n <= STREAM_PUBLICATIONS; n++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const since = performance.now();
    loops.push((await (await fetch('http://127.0.0.1:4401/publish')).json()).ms);
    latencies.push(...(await clients.awaitChange(since, 10_000)));
  }
  await clients.close();
  await stop(bare);
  const loopMs = quantilesOf(loops)(0.5);
  process.stdout.write(`a loop ${loopMs} ms\n`);
  return { loopMs, read: quantilesOf(latencies) };
}

if (runs('stream')) {
  // 6. 10 000 rate streams held by one API process (as deployed for /api/v1, on one
  // core, the API of the other scenarios stopped: it too would read each table announced); a new rates table stored and announced, as the worker's ingest does, timed to each
  // stream's event; the metered path loaded with no stream, with them all open, and with none again.
  const rates = createRequire(import.meta.url)(path.resolve(root, 'dist/libs/rates/src/index.js'));
  const { Redis } = await import('ioredis');
  const publisher = new Redis(env.REDIS_URL);
  const store = new rates.RatesStore(publisher, env.REDIS_KEY_PREFIX);
  const bundled = rates.loadBundledSnapshot();
  /** A table whose every rate moved by up to ±0.1 %: every stream's symbols change. */
  const movedTable = (n) => {
    const perUsd = new Map();
    for (const [code, rate] of bundled.perUsd) {
      perUsd.set(code, rate.times(1 + ((n % 7) - 3) / 3000 + Math.random() / 1e6).toSignificantDigits(10));
    }
    const timestamp = new Date().toISOString();
    return rates.createRatesTable({
      source: 'bundled-snapshot',
      date: timestamp.slice(0, 10),
      timestamp,
      perUsd,
    });
  };
  const streamPort = PUBLIC_API_PORT;
  const opsPassword = randomBytes(18).toString('base64url');
  const writtenDelays = () => streamDelayBuckets(streamPort, 'bench', opsPassword);
  // With the heap caps deployed for /api/v1 (deploy/k8s/api-public.yaml), as every scenario's API.
  const streamApi = startNode([...apiFlags, 'dist/services/api/src/main.js'], {
    API_PORT: String(streamPort),
    API_ROUTES: 'public-api',
    STREAM_LIMITS: `professional=5,enterprise=${STREAM_COUNT + 100}`,
    // The operator's metrics, for the delay the API itself saw (fxrates_stream_event_delay_seconds).
    OPS_USER: 'bench',
    OPS_PASSWORD: opsPassword,
  });
  const metered = `http://127.0.0.1:${streamPort}${METERED_QUERY}`;
  await waitFor(metered, { headers: keyHeaders });
  const withoutBefore = await measureApi('metered API, no stream open', metered, keyHeaders, streamApi.pid);
  const idleRss = peakRssMb(streamApi.pid);
  process.stdout.write(`› Opening ${STREAM_COUNT} streams (${STREAM_TOPICS.length} topics)… `);
  const openedAt = performance.now();
  const clients = await openStreamsApart({ port: streamPort, key: benchKey, count: STREAM_COUNT });
  process.stdout.write(`${Math.round(performance.now() - openedAt)} ms\n`);
  const latencies = [];
  const bucketsBefore = await writtenDelays();
  for (let n = 1; n <= STREAM_PUBLICATIONS; n++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const since = performance.now();
    await store.publish(movedTable(n));
    const arrived = await clients.awaitChange(since, 10_000);
    latencies.push(...arrived);
    process.stdout.write(
      `› change ${n}/${STREAM_PUBLICATIONS}: on ${arrived.length} of ${STREAM_COUNT} streams, ` +
        `the last after ${Math.round(Math.max(...arrived))} ms\n`,
    );
  }
  const written = bucketQuantiles(bucketsBefore, await writtenDelays());
  const streamsRss = peakRssMb(streamApi.pid);
  const withStreams = await measureApi(
    `metered API, ${STREAM_COUNT} streams open`,
    metered,
    keyHeaders,
    streamApi.pid,
  );
  const dropped = await clients.ended();
  await clients.close();
  // The metered path with and without the streams, in rounds (each pair back to back), since the
  // machine's speed drifts between loads more than the 5 % the target allows.
  const rows = [withoutBefore, withStreams];
  for (let round = 2; round <= STREAM_ROUNDS; round++) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    rows.push({
      ...(await load(`metered API, no stream open (round ${round})`, metered, keyHeaders, {}, streamApi.pid)),
      rssMb: peakRssMb(streamApi.pid),
    });
    const reopened = await openStreamsApart({ port: streamPort, key: benchKey, count: STREAM_COUNT });
    rows.push({
      ...(await load(
        `metered API, ${STREAM_COUNT} streams open (round ${round})`,
        metered,
        keyHeaders,
        {},
        streamApi.pid,
      )),
      rssMb: peakRssMb(streamApi.pid),
    });
    await reopened.close();
  }
  const ratios = [];
  for (let i = 0; i < rows.length; i += 2) ratios.push(rows[i + 1].requestsPerSec / rows[i].requestsPerSec);
  await stop(streamApi);
  // The tables published here would be what the next run's APIs load (its bare servers answer from
  // the bundled snapshot): gone, as the first ingest found none.
  await publisher.del(store.latestKey);
  await publisher.quit();
  const floor = await bareStreamFloor();
  const at = quantilesOf(latencies);
  const delivered = latencies.length / (STREAM_COUNT * STREAM_PUBLICATIONS);
  scenarios.push({
    name: `rate streams (${STREAM_COUNT} on one core, RSS ≤ 300 MB, store → event p99 ≤ 100 ms, metered path ≥ 0.95)`,
    rows,
    notes: [
      `Peak RSS with ${STREAM_COUNT} streams open: ${streamsRss} MB (${idleRss} MB before they opened; target ≤ 300 MB)`,
      `Stored → event written on every stream (the API's fxrates_stream_event_delay_seconds, ${written.count} writes): ` +
        `p50 ${written.p50} ms, p99 ${written.p99} ms (target p99 ≤ 100 ms)`,
      `Stored → event read by the clients (their one process on the other core), ${STREAM_PUBLICATIONS} changes: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms; ` +
        `${(delivered * 100).toFixed(2)} % of the events came; ${dropped} streams ended by the server`,
      `Metered path with the streams open ÷ without, each round's pair: median ${median(ratios).toFixed(2)} ` +
        `(${ratios.map((ratio) => ratio.toFixed(2)).join(' / ')}; target ≥ 0.95)`,
      `The floor, bare node:http on the same core (scripts/bench-bare-stream-server.mjs: one socket.write per stream, nothing else): ` +
        `its loop over ${STREAM_COUNT} streams ${floor.loopMs} ms (median of ${STREAM_PUBLICATIONS}); read by the clients p50 ${floor.read(0.5)} ms, p99 ${floor.read(0.99)} ms`,
    ],
  });
}

if (hasHistory && runs('timeseries') && BASELINE) {
  // The distinct series on this build and the baseline's (each as deployed for /api/v1), side by side
  // and loaded in alternated pairs after a warm-up each: fresh servers a round apart measured the
  // baseline's first loads (which build every display column) and the machine's drift.
  const seriesPath = timeseriesQueries()();
  const rows = await alternated(
    [
      publicApiServer('API, timeseries, a distinct query per request', seriesPath, keyHeaders),
      publicApiServer(
        `baseline API (${BASELINE}, Node ${baselineNodeVersion}), timeseries, a distinct query per request`,
        seriesPath,
        keyHeaders,
        {},
        path.resolve(BASELINE),
        PUBLIC_API_PORT + 1,
        BASELINE_NODE,
      ),
    ],
    (phase) => {
      const next = timeseriesQueries(phase === 'load' ? 1 : 2);
      return {
        connections: HISTORY_CONNECTIONS,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
      };
    },
  );
  const listed = (ratios) => ratios.map((r) => r.toFixed(2)).join(' / ');
  scenarios.push({
    name: 'time series against the baseline (this build ÷ baseline ≥ 0.95)',
    rows,
    notes: [
      `This build ÷ baseline, by CPU time a request: ${median(rows[1].cpuRatios).toFixed(2)} (pairs ${listed(rows[1].cpuRatios)})`,
      `By requests a second: ${median(rows[1].ratios).toFixed(2)} (pairs ${listed(rows[1].ratios)})`,
    ],
  });
}

/**
 * The public API's RSS once yearly series (40 symbols, USD-based, four at a time) have
 * read every catalogued currency's every year, 1999 to today.
 */
async function measureHistoryMemory(headers) {
  const server = publicApiServer('public API', mixedSeriesQueries(historyPools, TODAY)(), headers);
  const { pid, stop: stopServer } = await server.start();
  const startedRss = peakRssMb(pid, 'VmRSS');
  const samplePath = mixedSeriesQueries(historyPools, TODAY)();
  const sample = await fetch(`http://127.0.0.1:${PUBLIC_API_PORT}${samplePath}`, { headers });
  if (!sample.ok) throw new Error(`mixed series: ${sample.status} ${await sample.text()}`);
  console.log(`› A mixed series (${samplePath}): ${JSON.stringify(await sample.json()).slice(0, 600)}…`);
  const queries = everyYearQueries(TODAY);
  const statuses = {};
  let bytes = 0;
  const started = performance.now();
  const worker = async () => {
    for (let query = queries.shift(); query; query = queries.shift()) {
      const res = await fetch(`http://127.0.0.1:${PUBLIC_API_PORT}${query}`, { headers });
      bytes += (await res.arrayBuffer()).byteLength;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const seconds = (performance.now() - started) / 1000;
  const memory = {
    requests: Object.values(statuses).reduce((a, b) => a + b, 0),
    statuses,
    megabytesServed: Math.round(bytes / 1e6),
    seconds: Math.round(seconds * 10) / 10,
    startedRssMb: startedRss,
    rssMb: peakRssMb(pid, 'VmRSS'),
    peakRssMb: peakRssMb(pid),
  };
  await stopServer();
  return memory;
}

if (historyPools) {
  const mixedPath = mixedSeriesQueries(historyPools, TODAY)();
  const rows = await alternated(
    [
      publicApiServer(
        'public API, timeseries, 1 year × 10 symbols mixed (4 ECB, 3 other banks, 3 crypto)',
        mixedPath,
        keyHeaders,
      ),
      publicApiServer(
        'public API, timeseries, 1 year × 10 ECB symbols (as in "time series")',
        timeseriesQueries()(),
        keyHeaders,
        {},
        root,
        PUBLIC_API_PORT + 1,
      ),
    ],
    (phase, i) => {
      const seed = phase === 'load' ? 1 : 2;
      const next = i === 0 ? mixedSeriesQueries(historyPools, TODAY, seed) : timeseriesQueries(seed);
      // A slow answer is a latency to report, not an error that ends the run (autocannon's 10 s).
      return {
        connections: HISTORY_CONNECTIONS,
        timeout: 120,
        countFailures: true,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
      };
    },
  );
  const memory = await measureHistoryMemory(keyHeaders);
  const [mixed, ecbOnly] = rows;
  const ratio = median(ecbOnly.ratios);
  const verdict = (met) => (met ? 'met' : 'MISSED');
  const stored = historyBackfill.stored
    .map(
      (s) =>
        `${s.source} ${s.rows.toLocaleString('en-US')} rows of ${s.currencies} currencies (${s.first} … ${s.last})`,
    )
    .join('; ');
  scenarios.push({
    name: `history of every currency (mixed series p99 ≤ 50 ms uncompressed on one core, ≥ 0.9 of the ECB-only series; public API RSS ≤ 200 MB; ${HISTORY_CONNECTIONS} connections)`,
    rows,
    notes: [
      `Backfill of every currency from the stand-in (request spacing 0): ${historyBackfill.seconds.toFixed(1)} s, ` +
        `${historyBackfill.requests.toLocaleString('en-US')} requests (the stand-in building its answers: ` +
        `${historyBackfill.standInSeconds.toFixed(1)} s of it, on the other core), ` +
        `${historyBackfill.rows.toLocaleString('en-US')} rows written: ${stored}`,
      `Mixed series: p99 ${mixed.p99} ms (target ≤ 50 ms: ${verdict(mixed.p99 <= 50)}), ${mixed.requestsPerSec} req/s; ` +
        `÷ ECB-only series (${ecbOnly.requestsPerSec} req/s, p99 ${ecbOnly.p99} ms): ${ratio.toFixed(2)} ` +
        `(${ecbOnly.ratios.map((r) => r.toFixed(2)).join(' / ')}; target ≥ 0.9: ${verdict(ratio >= 0.9)}); ` +
        `failed answers in the measured loads: mixed ${mixed.failures}, ECB-only ${ecbOnly.failures}`,
      `Public API after ${memory.requests} yearly series read every currency's every year 1999 … ${TODAY.slice(0, 4)} ` +
        `(${JSON.stringify(memory.statuses)}, ${memory.megabytesServed} MB served in ${memory.seconds} s): ` +
        `RSS ${memory.rssMb} MB, peak ${memory.peakRssMb} MB (${memory.startedRssMb} MB at start; target ≤ 200 MB: ${verdict(memory.peakRssMb <= 200)})`,
    ],
  });
  historyBackfill.memory = memory;
}

if (timeseriesApi) scenarios.push({ name: 'time series (target p99 ≤ 50 ms)', rows: [timeseriesApi] });
if (cachingRows) {
  const [distinct, offered, , repeated, revalidated] = cachingRows;
  scenarios.push({
    name: 'time series cached and compressed (targets: compressed ≥ 2 000 req/s with p99 ≤ 50 ms; a 304 ≥ 0.9 of the uncompressed 200)',
    rows: cachingRows,
    notes: [
      `Compressed, a distinct query per request: at most ${distinct.requestsPerSec} req/s (target ≥ 2 000); at ${offered.requestsPerSec} req/s (2 000 offered) p99 ${offered.p99} ms (target ≤ 50 ms); at full load (50 connections) p99 ${distinct.p99} ms`,
      `304 revalidation ÷ uncompressed 200 of the same query: ${(revalidated.requestsPerSec / repeated.requestsPerSec).toFixed(2)} (target ≥ 0.9)`,
    ],
  });
}

for (const scenario of scenarios) {
  const apiRow = scenario.rows[0];
  console.log(
    `\n${scenario.name}\n\n| server | req/s | p50 ms | p99 ms | peak RSS MB | server CPU % | CPU µs/req | first row ÷ this (median of the rounds) |`,
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of scenario.rows) {
    const ratio = row.ratios
      ? `${median(row.ratios).toFixed(2)} (${row.ratios.map((r) => r.toFixed(2)).join(' / ')})`
      : (apiRow.requestsPerSec / row.requestsPerSec).toFixed(2);
    console.log(
      `| ${row.name} | ${row.requestsPerSec} | ${row.p50} | ${row.p99} | ${row.rssMb ?? '?'} | ` +
        `${row.serverCpu ?? '?'} | ${row.cpuPerRequestUs ?? '?'} | ${ratio} |`,
    );
  }
  for (const note of scenario.notes ?? []) console.log(`\n${note}`);
}
if (timeseriesApi) {
  console.log(
    `\nTime series built cold (history not yet loaded, 20 distinct queries one at a time): p50 ${timeseriesApi.coldMs.p50} ms, max ${timeseriesApi.coldMs.max} ms`,
  );
}
for (const line of lighthouseLines) console.log(line);
if (bars) console.log(`\nIntraday bars: keeping per table version ${JSON.stringify(bars.keeping)}`);
if (historyImportSeconds !== null) {
  console.log(`\nECB history import (the whole CSV): ${historyImportSeconds} s (target ≤ 30 s)`);
}
mkdirSync(path.join(root, 'artifacts/bench'), { recursive: true });
writeFileSync(
  // --only writes beside the whole run's results rather than over them.
  path.join(root, ONLY ? `artifacts/bench/results-${ONLY}.json` : 'artifacts/bench/results.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      only: ONLY ?? null,
      leases: runs('mix') ? LEASES : null,
      baseline: runs('mix') || runs('timeseries') ? (BASELINE ?? null) : null,
      baselineNode: BASELINE && (runs('mix') || runs('timeseries')) ? baselineNodeVersion : null,
      durationS: DURATION,
      connections: CONNECTIONS,
      historyImportSeconds,
      historyBackfill,
      scenarios,
      lighthouse,
      dataProducts,
    },
    null,
    2,
  ),
);
