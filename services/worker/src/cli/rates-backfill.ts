import { loadConfigOrExit } from '@fxrates/config';
import { Client } from 'pg';
import { parseArgs } from 'node:util';
import {
  backfillEcbHistory,
  BUNDLED_ECB_HISTORY,
  ecbHistoryZipUrl,
  storedDays,
} from '../history/ecb-backfill';
import {
  backfillHistory,
  HISTORY_BACKFILL_SOURCES,
  type HistoryBackfillSource,
} from '../history/history-backfill';
import { createProgressBar } from './progress-bar';

const USAGE = `Usage:
  npm run rates:backfill -- --source ecb [--file eurofxref-hist.zip|.csv | --url https://…/eurofxref-hist.zip|.csv | --bundled] [--from 1999-01-04] [--to YYYY-MM-DD] [--if-empty]
  npm run rates:backfill -- --source history|frankfurter|binance|coinbase|coingecko [--url https://…] [--from YYYY-MM-DD] [--to YYYY-MM-DD]

ecb: imports the ECB's historical euro reference rates into rate_history, re-based on USD. Without
--file or --url it downloads $RATES_ECB_URL/stats/eurofxref/eurofxref-hist.zip (by default
https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip); a file or URL may be that ZIP or the CSV inside it.
--bundled imports the copy shipped with the project (services/worker/data/ecb: 1999-01-04 to 2026-04-13);
--if-empty does nothing when rate_history already holds ECB rates (npm run rates:seed is both).
history: what the worker's daily backfill does (docs/rates-engine.md, History): Frankfurter v2's
ranges for fiat and metals (--source frankfurter), Coinbase's daily candles for USDT and the crypto
Binance lacks (coinbase), Binance's daily klines for the rest (binance) and CoinGecko's daily prices
for the crypto neither exchange lists (coingecko: its last 365 days only), each currency from the
day after the last one asked (else --from, else the source's first day) to --to (else today), page
by page, a line per page. Sources from $RATES_FRANKFURTER_URL, $RATES_BINANCE_URL, $RATES_COINBASE_URL,
$RATES_COINGECKO_URL (--url for one source). Stopped anywhere, it resumes after the last page written.
Running any of them again changes only what differs.`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const count = (n: number) => n.toLocaleString('en-US');

/**
 * A client whose lost connection (a restart, a failover while the run waits on a provider) is named
 * with what to do; the run's next query then fails with it. Unheard, the 'error' event ended the
 * command with Node's stack trace for an unhandled error.
 */
function databaseClient(url: string): Client {
  const db = new Client({ connectionString: url });
  db.on('error', (error) =>
    process.stderr.write(
      `PostgreSQL connection lost: ${error.message}. What was written is kept: run the command again to resume.\n`,
    ),
  );
  return db;
}

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(64);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      source: { type: 'string', default: 'ecb' },
      file: { type: 'string' },
      url: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      bundled: { type: 'boolean' },
      'if-empty': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const historySources: readonly string[] = [...HISTORY_BACKFILL_SOURCES, 'history'];
  if (values.source !== 'ecb' && !historySources.includes(values.source))
    fail(`Unknown source "${values.source}": "ecb", ${historySources.map((s) => `"${s}"`).join(', ')}.`);
  const input = values.bundled ? BUNDLED_ECB_HISTORY : (values.file ?? values.url);
  if (values.source === 'ecb' && [values.file, values.url, values.bundled].filter(Boolean).length > 1)
    fail('Give at most one of --file, --url or --bundled (none: download from the ECB).');
  if (values.source !== 'ecb' && (values.bundled || values['if-empty']))
    fail('--bundled and --if-empty are for --source ecb.');
  if (values.source !== 'ecb' && values.file)
    fail('Ranges are read from the source: give --url, not --file.');
  if (values.source === 'history' && values.url) fail('--url names one source: use it with one of them.');
  for (const name of ['from', 'to'] as const) {
    const day = values[name];
    if (day !== undefined && (!DAY.test(day) || Number.isNaN(Date.parse(day)))) {
      fail(`--${name} must be a date as YYYY-MM-DD, not "${day}".`);
    }
  }

  const config = loadConfigOrExit();
  if (values.source !== 'ecb') {
    const sources: HistoryBackfillSource[] =
      values.source === 'history' ? [...HISTORY_BACKFILL_SOURCES] : [values.source as HistoryBackfillSource];
    const urls = { ...config.rates.history.urls };
    if (values.url) urls[sources[0]] = values.url;
    const db = databaseClient(config.database.url);
    await db.connect();
    try {
      const from = values.from;
      const results = await backfillHistory(db, {
        sources,
        urls,
        today: values.to ?? new Date().toISOString().slice(0, 10),
        log: (line) => process.stdout.write(`${line}\n`),
        coingeckoApiKey: config.rates.history.coingeckoApiKey,
        firstDays: from ? { frankfurter: from, binance: from, coinbase: from, coingecko: from } : undefined,
      });
      if (Object.values(results).some((result) => result?.failed)) process.exitCode = 1;
    } finally {
      await db.end();
    }
    return;
  }
  const ecbInput = input ?? ecbHistoryZipUrl(config.rates.ecbBaseUrl);
  const db = databaseClient(config.database.url);
  await db.connect();
  if (values['if-empty']) {
    const days = await storedDays(db);
    if (days > 0) {
      process.stdout.write(
        `Rate history already holds ${count(days)} days of ECB rates: nothing to import.\n`,
      );
      await db.end();
      return;
    }
  }
  if (values.source === 'ecb' && !input) process.stdout.write(`Downloading ${ecbInput}\n`);
  if (values.bundled)
    process.stdout.write('Importing the ECB history shipped with FXRates Pro (1999-01-04 to 2026-04-13)\n');
  const bar = createProgressBar(process.stderr);
  // Fractions of a whole: bytes of the CSV, in thousandths.
  const show = (fraction: number | null, days: number, lastDay: string | null) => {
    if (fraction !== null && bar.getTotal() === 0) bar.setTotal(1000);
    bar.update(fraction === null ? 0 : Math.round(fraction * 1000), {
      detail: `${count(days)} days  ${lastDay ?? ''}`,
    });
  };
  bar.start(0, 0, { detail: '' });
  const started = Date.now();
  try {
    const result = await backfillEcbHistory(db, {
      input: ecbInput,
      from: values.from,
      to: values.to,
      onProgress: ({ bytesRead, totalBytes, days, lastDay }) =>
        show(totalBytes ? bytesRead / totalBytes : null, days, lastDay),
    });
    show(1, result.days, result.last);
    bar.stop();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Imported ${count(result.days)} days (${result.first ?? '–'} … ${result.last ?? '–'}), ${count(result.rates)} rates in ${seconds} s: ` +
        `${count(result.inserted)} new, ${count(result.updated)} changed, ${count(result.rates - result.inserted - result.updated)} already there.\n`,
    );
    if (result.skipped.length > 0) {
      process.stdout.write(
        `Skipped ${result.skipped.length} day(s): ${result.skipped.slice(0, 5).join('; ')}\n`,
      );
    }
  } finally {
    bar.stop(); // a no-op once stopped; on failure it leaves the terminal's line and cursor as they were
    await db.end();
  }
}

main().catch((error: Error) => {
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  process.stderr.write(`\nBackfill failed, nothing was changed: ${error.message}${cause}\n`);
  process.exit(1);
});
