// The worker's history backfill (services/worker/src/history/history-backfill.ts, built into dist/)
// run once over every catalogued currency against the history stand-in at STAND_IN_URL, from an empty
// rate_history of its sources, as `npm run rates:backfill -- --source history` would on a fresh
// install, except that the polite spacing between requests (500/100/150/2 500 ms) is 0: the stand-in is
// on loopback, and the figure is our side's work, not the providers' throttles. Started by
// scripts/bench.mjs on the server's core; prints one JSON line: seconds, results, rows written.
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const { backfillHistory, HISTORY_BACKFILL_SOURCES } = require(
  path.join(root, 'dist/services/worker/src/history/history-backfill.js'),
);
const { ClosesImportRepository } = require(path.join(root, 'dist/libs/db/src/index.js'));

const standIn = process.env.STAND_IN_URL;
const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
await db.connect();
const imports = new ClosesImportRepository(db);
const sources = [...HISTORY_BACKFILL_SOURCES];
await imports.deleteCloses({ sources });
await imports.forgetCheckedThrough(sources);
const started = performance.now();
let lines = 0;
const results = await backfillHistory(db, {
  sources,
  urls: { frankfurter: standIn, binance: standIn, coinbase: standIn, coingecko: standIn },
  today: process.env.BENCH_TODAY,
  log: (line) => {
    lines++;
    if (process.env.BENCH_BACKFILL_LOG) process.stderr.write(`${line}\n`);
  },
  minIntervalMs: { frankfurter: 0, binance: 0, coinbase: 0, coingecko: 0 },
});
const seconds = (performance.now() - started) / 1000;
const stored = [];
for (const source of [...sources].sort()) {
  const { rates, currencies, first, last } = await imports.storedSpan(source);
  if (rates > 0) stored.push({ source, rows: rates, currencies, first, last });
}
await db.end();
process.stdout.write(`${JSON.stringify({ seconds, logLines: lines, results, stored })}\n`);
