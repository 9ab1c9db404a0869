// CPU time per request of the varied mix's three handlers alone (latest, rate, convert), in one
// process: no HTTP, no key, no metering, no answer memo. A busy machine slows every figure but
// hardly their ratio, so two builds compare here when the whole bench's rounds disagree:
//   node scripts/bench-mix-handlers.mjs [checkout …]   (each built; default: this one)
// Each checkout runs in a process of its own, twice interleaved, on the mix's stream (seed 1, after
// a warm-up of half as many calls from seed 2), and prints µs a call, the heap after a collection,
// and a digest of every body: equal digests mean byte-identical answers.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from 'node:querystring';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CALLS = Number(process.env.BENCH_CALLS ?? 300_000);
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function measure(root) {
  const require = createRequire(path.join(root, 'package.json'));
  const mix = await import(pathToFileURL(path.join(root, 'scripts/bench-mix-requests.mjs')).href);
  const { loadBundledSnapshot } = require(path.join(root, 'dist/libs/rates/src/index.js'));
  // The /api/v1/rates/* handlers sit in handlers/rates/; a checkout built before that move, compared
  // against as the baseline, still has them in handlers/.
  const publicApi = path.join(root, 'dist/services/api/src/modules/public-api');
  const handlers = ['handlers/rates', 'handlers']
    .map((folder) => path.join(publicApi, folder))
    .find((folder) => existsSync(path.join(folder, 'latest.handler.js')));
  const { latestRoute } = require(path.join(handlers, 'latest.handler.js'));
  const { rateRoute } = require(path.join(handlers, 'rate.handler.js'));
  const { convertRoutes } = require(path.join(handlers, 'convert.handler.js'));
  const routes = {
    [mix.MIX_ROUTES.latest]: latestRoute,
    [mix.MIX_ROUTES.rate]: rateRoute,
    [mix.MIX_ROUTES.convert]: convertRoutes[0],
  };
  const table = loadBundledSnapshot();
  const key = { plan: 'enterprise', status: 'active' };
  const codes = mix.mixCurrencies();
  const keys = Array.from({ length: mix.MIX_KEYS }, (_, i) => `key-${i}`);
  const stream = (seed, count) => {
    const next = mix.mixRequests(codes, keys, seed);
    return Array.from({ length: count }, () => {
      const [route, query] = next().path.split('?');
      return [routes[route], query];
    });
  };
  const run = (calls) => {
    const digest = createHash('sha256');
    const start = process.cpuUsage();
    for (const [route, query] of calls) {
      digest.update(route.handle({ query: parse(query), params: {}, key, table, now: Date.now() }));
    }
    const used = process.cpuUsage(start);
    return { us: (used.user + used.system) / calls.length, digest: digest.digest('hex').slice(0, 16) };
  };
  run(stream(2, CALLS / 2));
  const { us, digest } = run(stream(1, CALLS));
  globalThis.gc?.();
  return { us: us.toFixed(2), heapMB: (process.memoryUsage().heapUsed / 1e6).toFixed(1), digest };
}

if (process.env.BENCH_HANDLERS_ROOT) {
  process.stdout.write(JSON.stringify(await measure(process.env.BENCH_HANDLERS_ROOT)));
} else {
  const roots = (process.argv.length > 2 ? process.argv.slice(2) : [here]).map((root) => path.resolve(root));
  console.log(`${CALLS} calls of the mix per run, µs of CPU a call in the handlers\n`);
  console.log('| checkout | round | µs a call | heap MB | bodies digest |\n|---|---|---|---|---|');
  for (const round of [1, 2]) {
    for (const root of roots) {
      const out = execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url)], {
        env: { ...process.env, BENCH_HANDLERS_ROOT: root },
        encoding: 'utf8',
      });
      const { us, heapMB, digest } = JSON.parse(out);
      console.log(`| ${root} | ${round} | ${us} | ${heapMB} | ${digest} |`);
    }
  }
}
