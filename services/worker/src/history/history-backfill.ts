import { CURRENCIES, providerServes } from '@fxrates/domain';
import {
  addDays,
  bestPerUsd,
  CRYPTO_MARKETS,
  parseBinanceKlines,
  parseCoinbaseCandles,
  parseCoinGeckoMarketChart,
  parseFrankfurterRange,
  RateDecimal,
  type EcbHistoryDay,
} from '@fxrates/rates';
import { ClosesImportRepository, type ClosesWritten, type SqlClient } from '@fxrates/db';
import { PoliteClient, SourceRefused } from './polite-client';

/** The sources the daily backfill reads ranges from. */
export const HISTORY_BACKFILL_SOURCES = ['frankfurter', 'binance', 'coinbase', 'coingecko'] as const;
export type HistoryBackfillSource = (typeof HISTORY_BACKFILL_SOURCES)[number];

/**
 * Where each source's history starts: the euro's first fix; Binance's and Coinbase Exchange's first
 * days; CoinGecko's first prices (keyless, it serves only the last 365 days: COINGECKO_WINDOW_DAYS).
 */
export const FIRST_DAYS: Record<HistoryBackfillSource, string> = {
  frankfurter: '1999-01-04',
  binance: '2017-07-14',
  coinbase: '2015-07-20',
  coingecko: '2013-04-28',
};

/** Frankfurter serves any range; a year of ~200 currencies is ~3 MB of JSON, one page. */
const FRANKFURTER_PAGE_DAYS = 366;
/** At most 1 000 klines per request (Binance). */
const BINANCE_PAGE = 1000;
/** At most 300 candles per request (Coinbase Exchange answers 400 to more). */
const COINBASE_PAGE = 300;
/**
 * CoinGecko's public (keyless or demo-key) API answers ranges within the last 365 days only (401
 * beyond): we ask from 364 days before today, so the window holds whatever the clock's day is.
 */
export const COINGECKO_WINDOW_DAYS = 364;
/** CoinGecko gives one point a day only for ranges over 90 days (hourly below): never ask less. */
const COINGECKO_DAILY_RANGE_DAYS = 91;
/** Binance allows 6 000 request weight a minute per IP; we keep well under it (a kline costs 2). */
const BINANCE_WEIGHT_CEILING = 4_800;
/** The base whose quotes keep the most digits for large units (metals: 0.00022 per USD, 3 312.4 per XAU). */
const CROSS_BASE = 'XAU';
/** Exchange closes are kept to 12 significant digits: more than any exchange quotes. */
const CRYPTO_DIGITS = 12;
const DAY_MS = 86_400_000;
const ONE = new RateDecimal(1);

export interface HistoryBackfillOptions {
  sources: readonly HistoryBackfillSource[];
  /** Each source's base URL (RATES_FRANKFURTER_URL, RATES_BINANCE_URL, RATES_COINBASE_URL, RATES_COINGECKO_URL). */
  urls: Record<HistoryBackfillSource, string>;
  /** CoinGecko's API key (RATES_COINGECKO_API_KEY), sent as the live provider sends it. */
  coingeckoApiKey?: string;
  /** Today, UTC (YYYY-MM-DD): exchanges' closes end yesterday, the banks' fixes may include today. */
  today: string;
  log: (line: string) => void;
  /** The least time between two requests to a source (defaults: 500, 100, 150, 2 500 ms). */
  minIntervalMs?: Partial<Record<HistoryBackfillSource, number>>;
  timeoutMs?: number;
  maxRetries?: number;
  maxRetryAfterMs?: number;
  /** The codes to backfill (default: the catalogue's fiat and metals, and its crypto). */
  fiatAndMetals?: readonly string[];
  crypto?: readonly string[];
  /** Where each source's history starts (default FIRST_DAYS). */
  firstDays?: Partial<Record<HistoryBackfillSource, string>>;
  /** Rows written by the run above which it vacuums and analyses rate_history (default 10 000). */
  vacuumAfterRows?: number;
}

export interface SourceBackfillResult {
  requests: number;
  closes: number;
  inserted: number;
  updated: number;
  /** Why the source's run ended early (its progress is kept up to its last page). */
  failed?: string;
}

const MIN_INTERVAL_MS: Record<HistoryBackfillSource, number> = {
  frankfurter: 500,
  binance: 100,
  coinbase: 150,
  // Keyless CoinGecko allows some 5 to 30 calls a minute, varying with its load: ~24 a minute.
  coingecko: 2_500,
};
const count = (n: number) => n.toLocaleString('en-US');
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The catalogue's codes by type: fiat and metals (Frankfurter), crypto (the exchanges). */
export function catalogueCodes(): { fiatAndMetals: string[]; crypto: string[] } {
  const served = (source: 'frankfurter' | 'binance') =>
    CURRENCIES.filter((c) => c.code !== 'USD' && providerServes(source, c.type)).map((c) => c.code);
  return { fiatAndMetals: served('frankfurter'), crypto: served('binance') };
}

function readProgress(db: SqlClient, source: string): Promise<Map<string, string>> {
  return new ClosesImportRepository(db).checkedThrough(source);
}

/**
 * One page: its closes and how far each of `codes` has now been asked, in one transaction. A page
 * that fails to parse never gets here, so nothing of it is written and the next run asks again.
 */
function writePage(
  db: SqlClient,
  source: string,
  closes: readonly EcbHistoryDay[],
  codes: readonly string[],
  checkedThrough: string,
): Promise<ClosesWritten> {
  const imports = new ClosesImportRepository(db);
  return imports.inTransaction(async () => {
    const written = await imports.upsertCloses(source, closes);
    await imports.advanceCheckedThrough(source, codes, checkedThrough);
    return written;
  });
}

/**
 * Fills rate_history from each source's range endpoints, from each currency's last checked day to
 * today: Frankfurter v2 for fiat and metals, Coinbase Exchange candles for USDT (Binance's quote)
 * and the crypto Binance does not list, then Binance's daily klines for the rest, rebased on USD
 * through the same day's USDT close. Page by page, each page and its progress in one transaction:
 * a run stopped anywhere resumes after its last committed page, and a run finding nothing new writes
 * nothing. A source that fails (garbage, a refusal, a ban) ends its own run; the others go on.
 */
export async function backfillHistory(
  db: SqlClient,
  options: HistoryBackfillOptions,
): Promise<Record<HistoryBackfillSource, SourceBackfillResult | undefined>> {
  const codes = catalogueCodes();
  const results: Record<HistoryBackfillSource, SourceBackfillResult | undefined> = {
    frankfurter: undefined,
    binance: undefined,
    coinbase: undefined,
    coingecko: undefined,
  };
  // Coinbase before Binance: Binance's closes are rebased through Coinbase's USDT closes.
  for (const source of ['frankfurter', 'coinbase', 'binance', 'coingecko'] as const) {
    if (!options.sources.includes(source)) continue;
    const client = new PoliteClient({
      name: source,
      minIntervalMs: options.minIntervalMs?.[source] ?? MIN_INTERVAL_MS[source],
      timeoutMs: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 5,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 300_000,
      log: options.log,
      headers:
        source === 'coingecko' && options.coingeckoApiKey
          ? { 'x-cg-demo-api-key': options.coingeckoApiKey }
          : undefined,
    });
    const result: SourceBackfillResult = { requests: 0, closes: 0, inserted: 0, updated: 0 };
    const note = (written: { rates: number; inserted: number; updated: number }) => {
      result.closes += written.rates;
      result.inserted += written.inserted;
      result.updated += written.updated;
    };
    const context: SourceRun = {
      db,
      client,
      baseUrl: options.urls[source].replace(/\/+$/, ''),
      today: options.today,
      firstDay: options.firstDays?.[source] ?? FIRST_DAYS[source],
      log: options.log,
      note,
    };
    try {
      if (source === 'frankfurter')
        await backfillFrankfurter(context, options.fiatAndMetals ?? codes.fiatAndMetals);
      else if (source === 'coinbase') await backfillCoinbase(context, options.crypto ?? codes.crypto);
      else if (source === 'binance') await backfillBinance(context, options.crypto ?? codes.crypto);
      else await backfillCoinGecko(context, options.crypto ?? codes.crypto);
    } catch (error) {
      result.failed = (error as Error).message;
      options.log(
        `History backfill: ${source} stopped: ${result.failed}${error instanceof SourceRefused ? '' : ' (nothing of that page was written)'}`,
      );
    }
    result.requests = client.requests;
    results[source] = result;
    options.log(
      `History backfill: ${source} done: ${count(result.requests)} requests, ${count(result.closes)} closes read, ` +
        `${count(result.inserted)} new, ${count(result.updated)} changed`,
    );
  }
  const written = Object.values(results).reduce((sum, r) => sum + (r ? r.inserted + r.updated : 0), 0);
  if (written >= (options.vacuumAfterRows ?? VACUUM_AFTER_ROWS)) {
    // A first fill writes a million rows at once: until autovacuum comes by, the planner's estimates
    // are those of an empty table (it then reads every currency of a year to answer for ten) and the
    // API's column reads cannot be index-only (the visibility map is unset). Done here, once.
    await new ClosesImportRepository(db).vacuumAnalyse();
    options.log(`History backfill: rate_history vacuumed and analysed after ${count(written)} rows written`);
  }
  return results;
}

/** Rows written by a run above which it vacuums and analyses rate_history itself (a first fill, a long gap). */
const VACUUM_AFTER_ROWS = 10_000;

interface SourceRun {
  db: SqlClient;
  client: PoliteClient;
  baseUrl: string;
  today: string;
  firstDay: string;
  log: (line: string) => void;
  note: (written: { rates: number; inserted: number; updated: number }) => void;
}

/** Groups codes by the day their backfill resumes from. */
function byResumeDay(
  codes: readonly string[],
  progress: Map<string, string>,
  firstDay: string,
): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const code of codes) {
    const checked = progress.get(code);
    const from = checked ? addDays(checked, 1) : firstDay;
    groups.set(from, [...(groups.get(from) ?? []), code]);
  }
  return new Map([...groups].sort(([a], [b]) => a.localeCompare(b)));
}

const INVALID_CURRENCY = /^invalid currency: ([A-Za-z]+)$/;

/**
 * Frankfurter v2 ranges (`/v2/rates?from&to&base&quotes`), each page asked twice: with base USD and
 * with base XAU (USD among its quotes). Frankfurter rounds every rate to a few decimals (0.00022 USD
 * per XAU keeps 2 digits), so each close is taken from whichever answer keeps more significant digits
 * of it (bestPerUsd). A currency Frankfurter does not know (422 `invalid currency`) is dropped from
 * the run and the page asked again; any other 422 or garbage ends the source's run.
 */
async function backfillFrankfurter(run: SourceRun, codes: readonly string[]): Promise<void> {
  const progress = await readProgress(run.db, 'frankfurter');
  const yesterday = addDays(run.today, -1);
  const unknown = new Set<string>();
  for (const [resumeDay, group] of byResumeDay(codes, progress, run.firstDay)) {
    for (let from = resumeDay; from <= run.today;) {
      const lastOfPage = addDays(from, FRANKFURTER_PAGE_DAYS - 1);
      const to = lastOfPage < run.today ? lastOfPage : run.today;
      const quotes = group.filter((code) => !unknown.has(code));
      if (quotes.length === 0) break;
      const ask = async (base: string, asked: string[]) => {
        const url = `${run.baseUrl}/v2/rates?from=${from}&to=${to}&base=${base}&quotes=${asked.join(',')}`;
        const { status, body } = await run.client.get(url);
        if (status === 422) {
          const message = String((body as { message?: unknown })?.message ?? '');
          const invalid = INVALID_CURRENCY.exec(message)?.[1]?.toUpperCase();
          if (invalid && asked.includes(invalid) && invalid !== base) return invalid;
          throw new Error(`Frankfurter refused ${new URL(url).search}: 422 ${message}`);
        }
        if (status !== 200) throw new Error(`Frankfurter answered ${status} to ${new URL(url).search}`);
        return parseFrankfurterRange(body, base, from, to);
      };
      const direct = await ask('USD', quotes);
      if (typeof direct === 'string') {
        run.log(`History backfill: Frankfurter does not know ${direct}; left out of this run`);
        unknown.add(direct);
        continue;
      }
      const crossQuotes = [...quotes.filter((code) => code !== CROSS_BASE), 'USD'];
      const cross = await ask(CROSS_BASE, crossQuotes);
      if (typeof cross === 'string') {
        run.log(`History backfill: Frankfurter does not know ${cross}; left out of this run`);
        unknown.add(cross);
        continue;
      }
      const best = bestPerUsd(direct, CROSS_BASE, cross);
      const wanted = new Set(quotes);
      const closes: EcbHistoryDay[] = [...best]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([day, perCode]) => ({
          day,
          perUsd: new Map(
            [...perCode].filter(([code]) => wanted.has(code)).map(([code, c]) => [code, c.perUsd]),
          ),
        }));
      const written = await writePage(run.db, 'frankfurter', closes, quotes, to < yesterday ? to : yesterday);
      run.note(written);
      run.log(
        `History backfill: frankfurter ${from}..${to}, ${quotes.length} currencies: ${count(written.rates)} closes, ` +
          `${count(written.inserted)} new, ${count(written.updated)} changed`,
      );
      from = addDays(to, 1);
    }
  }
}

/** The USDT closes per USD held for `from`…`to` (Coinbase's first, then any other source's), by day. */
async function usdtCloses(db: SqlClient, from: string, to: string): Promise<Map<string, RateDecimal>> {
  const closes = await new ClosesImportRepository(db).usdtCloses(from, to);
  return new Map([...closes].map(([day, rate]) => [day, new RateDecimal(rate)]));
}

/**
 * Binance daily klines (`/api/v3/klines?symbol=…USDT&interval=1d`, 1 000 a page, weight 2 each,
 * within 4 800 of the 6 000 a minute), each close rebased on USD through the same day's USDT close:
 * BTC per USD = USDT per USD ÷ the BTCUSDT close. A day without a USDT close held stops that
 * asset's backfill there (it resumes once one is held); a symbol Binance does not list (400 -1121)
 * is left out.
 */
async function backfillBinance(run: SourceRun, crypto: readonly string[]): Promise<void> {
  const progress = await readProgress(run.db, 'binance');
  const end = addDays(run.today, -1);
  // Every asset rebases through the same USDT series: read once for the run (Coinbase ran before).
  const usdt = await usdtCloses(run.db, run.firstDay, end);
  for (const code of crypto) {
    const symbol = CRYPTO_MARKETS[code]?.binance;
    if (!symbol) continue;
    const checked = progress.get(code);
    let from = checked ? addDays(checked, 1) : run.firstDay;
    while (from <= end) {
      const url =
        `${run.baseUrl}/api/v3/klines?symbol=${symbol}&interval=1d&startTime=${msOf(from)}` +
        `&endTime=${msOf(end) + DAY_MS - 1}&limit=${BINANCE_PAGE}`;
      const { status, body, headers } = await run.client.get(url);
      if (status === 400 && (body as { code?: unknown })?.code === -1121) {
        run.log(`History backfill: Binance does not list ${symbol}; ${code} left out`);
        break;
      }
      if (status !== 200) throw new Error(`Binance answered ${status} to klines of ${symbol}`);
      const klines = parseBinanceKlines(body).filter(({ day }) => day >= from && day <= end);
      const lastDay = klines.at(-1)?.day;
      const closes: EcbHistoryDay[] = [];
      let stoppedAt: string | undefined;
      for (const { day, close } of klines) {
        const usdtPerUsd = usdt.get(day);
        if (!usdtPerUsd) {
          stoppedAt = day;
          break;
        }
        closes.push({
          day,
          perUsd: new Map([
            [code, usdtPerUsd.div(close).toSignificantDigits(CRYPTO_DIGITS, RateDecimal.ROUND_HALF_EVEN)],
          ]),
        });
      }
      const full = klines.length >= BINANCE_PAGE && !stoppedAt;
      const through = stoppedAt ? addDays(stoppedAt, -1) : full ? lastDay! : end;
      if (through >= from) {
        const written = await writePage(run.db, 'binance', closes, [code], through);
        run.note(written);
        run.log(
          `History backfill: binance ${symbol} ${from}..${through}: ${count(written.rates)} closes, ` +
            `${count(written.inserted)} new, ${count(written.updated)} changed`,
        );
      }
      if (stoppedAt) {
        run.log(
          `History backfill: binance ${symbol} waits for a USDT close of ${stoppedAt} to rebase on USD`,
        );
        break;
      }
      if (!full) break;
      from = addDays(lastDay!, 1);
      const used = Number(headers.get('x-mbx-used-weight-1m'));
      if (used > BINANCE_WEIGHT_CEILING) {
        const nextMinute = 60_000 - (Date.now() % 60_000);
        run.log(
          `History backfill: Binance weight ${used} this minute; pausing ${Math.ceil(nextMinute / 1000)} s`,
        );
        await new Promise((resolve) => setTimeout(resolve, nextMinute));
      }
    }
  }
}

/**
 * Coinbase Exchange daily candles (`/products/{id}/candles?granularity=86400`, 300 a page) of USDT
 * and of the crypto Binance does not list: USD per asset, inverted. An unknown product (404) is
 * left out.
 */
async function backfillCoinbase(run: SourceRun, crypto: readonly string[]): Promise<void> {
  const progress = await readProgress(run.db, 'coinbase');
  const end = addDays(run.today, -1);
  const wanted = crypto.filter((code) => exchangeHistoryOf(code) === 'coinbase' || code === 'USDT');
  for (const code of wanted) {
    const product = CRYPTO_MARKETS[code]!.coinbase!;
    const checked = progress.get(code);
    for (let from = checked ? addDays(checked, 1) : run.firstDay; from <= end;) {
      const lastOfPage = addDays(from, COINBASE_PAGE - 1);
      const to = lastOfPage < end ? lastOfPage : end;
      const url = `${run.baseUrl}/products/${product}/candles?granularity=86400&start=${from}T00:00:00Z&end=${to}T00:00:00Z`;
      const { status, body } = await run.client.get(url);
      if (status === 404) {
        run.log(`History backfill: Coinbase has no product ${product}; ${code} left out`);
        break;
      }
      if (status !== 200) throw new Error(`Coinbase answered ${status} to candles of ${product}`);
      const closes: EcbHistoryDay[] = parseCoinbaseCandles(body)
        .filter(({ day }) => day >= from && day <= to)
        .map(({ day, close }) => ({
          day,
          perUsd: new Map([
            [code, ONE.div(close).toSignificantDigits(CRYPTO_DIGITS, RateDecimal.ROUND_HALF_EVEN)],
          ]),
        }));
      const written = await writePage(run.db, 'coinbase', closes, [code], to);
      run.note(written);
      run.log(
        `History backfill: coinbase ${product} ${from}..${to}: ${count(written.rates)} closes, ` +
          `${count(written.inserted)} new, ${count(written.updated)} changed`,
      );
      from = addDays(to, 1);
    }
  }
}

/**
 * The exchange whose closes are a crypto asset's history: Binance where it lists the asset's USDT
 * pair, else Coinbase where it has a USD product, else none (CoinGecko's then). USDT itself is read
 * from Coinbase besides: it is what Binance's closes are rebased through.
 */
export function exchangeHistoryOf(code: string): 'binance' | 'coinbase' | undefined {
  const markets = CRYPTO_MARKETS[code];
  if (markets?.binance) return 'binance';
  if (markets?.coinbase) return 'coinbase';
  return undefined;
}

/**
 * CoinGecko's daily prices (`/api/v3/coins/{id}/market_chart/range?vs_currency=usd&from&to`, unix
 * seconds) of the crypto neither exchange lists: USD per coin, inverted as Coinbase's are. One page
 * per coin: its whole range within the last 365 days that CoinGecko serves keyless, never shorter
 * than 91 days (a shorter range is hourly), closes before the resume day left out. Progress is the
 * last close read (yesterday's arrives with today's 00:00 point), so a coin through yesterday is not
 * asked again the same day. An unknown coin id (404) is left out.
 */
async function backfillCoinGecko(run: SourceRun, crypto: readonly string[]): Promise<void> {
  const progress = await readProgress(run.db, 'coingecko');
  const end = addDays(run.today, -1);
  const windowStart = addDays(run.today, -COINGECKO_WINDOW_DAYS);
  const latest = (a: string, b: string) => (a > b ? a : b);
  const earliest = (a: string, b: string) => (a < b ? a : b);
  for (const code of crypto) {
    const id = CRYPTO_MARKETS[code]?.coingecko;
    if (!id || exchangeHistoryOf(code)) continue;
    const checked = progress.get(code);
    // The close of day D is CoinGecko's point at D+1 00:00: the window's first point is the close
    // of the day before it, and a page holding `from`'s close starts at from+1 00:00.
    const from = latest(checked ? addDays(checked, 1) : run.firstDay, addDays(windowStart, -1));
    if (from > end) continue;
    const askFrom = latest(
      earliest(addDays(from, 1), addDays(end, -COINGECKO_DAILY_RANGE_DAYS)),
      windowStart,
    );
    const url =
      `${run.baseUrl}/api/v3/coins/${encodeURIComponent(id)}/market_chart/range?vs_currency=usd` +
      `&from=${msOf(askFrom) / 1000}&to=${msOf(run.today) / 1000}`;
    const { status, body } = await run.client.get(url);
    if (status === 404) {
      run.log(`History backfill: CoinGecko has no coin ${id}; ${code} left out`);
      continue;
    }
    if (status !== 200) throw new Error(`CoinGecko answered ${status} to the market chart of ${id}`);
    const closes: EcbHistoryDay[] = parseCoinGeckoMarketChart(body)
      .filter(({ day }) => day >= from && day <= end)
      .map(({ day, close }) => ({
        day,
        perUsd: new Map([
          [code, ONE.div(close).toSignificantDigits(CRYPTO_DIGITS, RateDecimal.ROUND_HALF_EVEN)],
        ]),
      }));
    const through = closes.at(-1)?.day ?? end;
    const written = await writePage(run.db, 'coingecko', closes, [code], through);
    run.note(written);
    run.log(
      `History backfill: coingecko ${id} ${from}..${through}: ${count(written.rates)} closes, ` +
        `${count(written.inserted)} new, ${count(written.updated)} changed`,
    );
  }
}
