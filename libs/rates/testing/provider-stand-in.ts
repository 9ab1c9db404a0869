import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadBundledSnapshot } from '../src/bundled-snapshot';
import { RateDecimal } from '../src/decimal';
import { CRYPTO_MARKETS } from '../src/providers/crypto-markets';
import { COINBASE_FIAT_CODES, FRANKFURTER_V2_CODES, OPEN_ER_API_CODES } from './provider-code-lists';

const SAMPLES = path.join(__dirname, 'provider-samples');
export const sample = (name: string): string => readFileSync(path.join(SAMPLES, name), 'utf8');

/**
 * What a route answers instead of its normal body: a status and body of the test's choosing, at
 * once or after `delayMs`;
 * `hang`, the connection and request accepted and nothing ever answered; `stall-body`, a 200 and
 * the start of a JSON body, then nothing more; `garbage`, an HTML error page with a 200.
 */
export type StandInFault =
  | {
      status: number;
      body?: string;
      /** The body by request, for a provider asked several times in one fetch (Frankfurter's bases). */
      bodyFor?: (request: StandInRequest) => string;
      headers?: Record<string, string>;
      delayMs?: number;
    }
  | 'hang'
  | 'stall-body'
  | 'garbage';

export interface StandInRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

/** Routes by their path; `/products/` covers every Coinbase ticker. */
export type StandInRoute =
  | '/stats/eurofxref/eurofxref-daily.xml'
  | '/v2/rates'
  | '/v2/exchange-rates'
  | '/v6/latest/USD'
  | '/api/latest.json'
  | '/api/v3/simple/price'
  | '/api/v3/ticker/price'
  | '/products/';

/** Frankfurter v2's rounding (lib/roundable.rb): decimal places by size, as Ruby's `format` writes them. */
function frankfurterRounded(value: RateDecimal): number {
  const v = value.toNumber();
  const places = v > 5000 ? 0 : v > 80 ? 2 : v > 20 ? 3 : v > 1 ? 4 : v > 0.0001 ? 5 : 6;
  return Number(v.toFixed(places));
}

/** Units of each code per USD in the bundled snapshot, as decimal strings: the stand-ins' market. */
function snapshotPerUsd(codes: readonly string[]): Record<string, string> {
  const table = loadBundledSnapshot();
  const rates: Record<string, string> = {};
  for (const code of codes) {
    const rate = table.perUsd.get(code);
    if (rate) rates[code] = rate.toSignificantDigits(8).toString();
  }
  return rates;
}

/** Frankfurter v2's whole list at the snapshot's rates, every row dated today. */
export function frankfurterV2Market(): Record<string, { perUsd: string; date: string }> {
  const today = new Date().toISOString().slice(0, 10);
  return Object.fromEntries(
    Object.entries(snapshotPerUsd(FRANKFURTER_V2_CODES)).map(([code, perUsd]) => [
      code,
      { perUsd, date: today },
    ]),
  );
}

const FRANKFURTER_V2_PARAMS = new Set([
  'base',
  'quotes',
  'providers',
  'date',
  'from',
  'to',
  'group',
  'expand',
]);

/** ECB's daily document for `day` with rates per EUR, in ECB's own layout. */
export function ecbDailyXml(day: string, perEur: Record<string, string>): string {
  const cubes = Object.entries(perEur)
    .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${day}'>
${cubes}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>
`;
}

/**
 * One loopback HTTP server playing every rates provider, in each one's wire format: ECB's daily
 * XML, Frankfurter v2, Open Exchange Rates, Coinbase's exchange rates, ExchangeRate-API,
 * CoinGecko, Binance and Coinbase. It starts from the
 * providers' published samples; tests change the market (`ecbXml`, `frankfurterV2`, `coinbaseRates`,
 * `openErApi`, `oxr`, `cryptoUsd`) or make a route fail (`fault`), and read what was asked (`requests`).
 */
export class ProviderStandIn {
  ecbXml = sample('eurofxref-daily.xml');
  oxr = JSON.parse(sample('oxr-latest.json')) as { timestamp: number; rates: Record<string, unknown> };
  /**
   * Frankfurter v2's market: units per USD and the day of each code's newest observation, for its
   * whole list (about 130 currencies and the metals). `/v2/rates?base=` answers any of them as a
   * base, rounded as Frankfurter rounds.
   */
  frankfurterV2 = frankfurterV2Market();
  /**
   * Coinbase's `/v2/exchange-rates?currency=USD` rates (decimal strings): its ~150 fiat codes, ERN
   * as the Ethernity token it really is there (≈ 32 per USD, where the nakfa is 15), and crypto.
   */
  coinbaseRates: Record<string, unknown> = {
    ...snapshotPerUsd(COINBASE_FIAT_CODES),
    ERN: '31.9131466107',
    BTC: '0.0000124349968069',
    ETH: '0.0003968616002190',
    USD: '1.0',
  };
  /** ExchangeRate-API's `/v6/latest/USD`: its ~160 codes and when it last updated (Unix seconds). */
  openErApi: { time: number; rates: Record<string, unknown> } = {
    time: Math.floor(Date.now() / 1000) - 3600,
    rates: Object.fromEntries(
      Object.entries(snapshotPerUsd(OPEN_ER_API_CODES)).map(([code, rate]) => [code, Number(rate)]),
    ),
  };
  /** The Open Exchange Rates app id the stand-in accepts. */
  oxrAppId = 'stand-in-app-id';
  /** USD price per crypto asset, as the exchanges write it, and when it was last traded. */
  cryptoUsd: Record<string, unknown> = { BTC: '83212.64', ETH: '2666.20', SOL: '142.5' };
  cryptoTime = new Date().toISOString();
  readonly requests: StandInRequest[] = [];
  private readonly faults = new Map<StandInRoute, StandInFault>();
  private readonly hanging = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<ProviderStandIn> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const standIn = new ProviderStandIn(server, `http://127.0.0.1:${port}`);
    server.on('request', (req, res) => standIn.serve(req.url ?? '/', req.headers, res));
    return standIn;
  }

  fault(route: StandInRoute, fault: StandInFault | null): void {
    if (fault) this.faults.set(route, fault);
    else this.faults.delete(route);
  }

  requestsTo(prefix: string): StandInRequest[] {
    return this.requests.filter((r) => r.path.startsWith(prefix));
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(url: string, headers: IncomingHttpHeaders, res: ServerResponse): void {
    const parsed = new URL(url, this.url);
    this.requests.push({ path: parsed.pathname, query: parsed.searchParams, headers });
    const route = parsed.pathname.startsWith('/products/') ? '/products/' : (parsed.pathname as StandInRoute);
    const fault = this.faults.get(route);
    if (fault === 'hang' || fault === 'stall-body') {
      this.hanging.add(res);
      if (fault === 'stall-body') {
        res.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() });
        res.write('{"base":"USD","rates":{"EUR":0.9');
      }
      return;
    }
    if (fault === 'garbage') return this.send(res, 200, '<html>Service temporarily unavailable', 'text/html');
    if (fault) {
      const answer = () => {
        res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
        res.end(fault.bodyFor ? fault.bodyFor(this.requests.at(-1)!) : (fault.body ?? ''));
      };
      if (!fault.delayMs) return answer();
      this.hanging.add(res);
      const timer = setTimeout(answer, fault.delayMs);
      res.once('close', () => clearTimeout(timer));
      return;
    }
    switch (route) {
      case '/stats/eurofxref/eurofxref-daily.xml':
        return this.send(res, 200, this.ecbXml, 'text/xml');
      case '/v2/rates':
        return this.frankfurterV2Rates(res, parsed.searchParams);
      case '/v2/exchange-rates':
        return parsed.searchParams.get('currency') === 'USD'
          ? this.json(res, 200, { data: { currency: 'USD', rates: this.coinbaseRates } })
          : this.json(
              res,
              400,
              JSON.parse(sample('coinbase-error-400-exchange-rates-invalid-currency.json')),
            );
      case '/v6/latest/USD':
        return this.json(res, 200, {
          ...JSON.parse(sample('open-er-api-v6-latest-USD.json')),
          time_last_update_unix: this.openErApi.time,
          time_last_update_utc: new Date(this.openErApi.time * 1000).toUTCString(),
          rates: { USD: 1, ...this.openErApi.rates },
        });
      case '/api/latest.json':
        return parsed.searchParams.get('app_id') === this.oxrAppId
          ? this.json(res, 200, { ...JSON.parse(sample('oxr-latest.json')), ...this.oxr, base: 'USD' })
          : this.json(res, 401, JSON.parse(sample('oxr-error-401.json')));
      case '/api/v3/simple/price':
        return this.json(res, 200, this.coinGecko(parsed.searchParams));
      case '/api/v3/ticker/price':
        return this.binance(res, parsed.searchParams);
      case '/products/':
        return this.coinbase(res, parsed.pathname);
      default:
        return this.json(res, 404, { message: 'not found' });
    }
  }

  /**
   * Frankfurter v2 `/v2/rates` latest: one `{ date, base, quote, rate }` row per code (its own
   * date), sorted by quote, the base's identity row included; unknown parameters and currencies
   * answer 422 as Frankfurter does.
   */
  private frankfurterV2Rates(res: ServerResponse, query: URLSearchParams): void {
    const unknown = [...query.keys()].filter((key) => !FRANKFURTER_V2_PARAMS.has(key));
    if (unknown.length > 0) {
      return this.json(res, 422, { status: 422, message: `unknown parameter: ${unknown.join(', ')}` });
    }
    const base = (query.get('base') ?? 'EUR').toUpperCase();
    const baseRate = this.frankfurterV2[base];
    if (!baseRate) return this.json(res, 422, { status: 422, message: `invalid currency: ${base}` });
    const quotes = query.get('quotes')?.toUpperCase().split(',');
    const rows = Object.keys(this.frankfurterV2)
      .filter((quote) => quote !== base && (!quotes || quotes.includes(quote)))
      .sort()
      .map((quote) => {
        const { perUsd, date } = this.frankfurterV2[quote];
        const rate = /^\d+(\.\d+)?$/.test(perUsd)
          ? frankfurterRounded(new RateDecimal(perUsd).dividedBy(baseRate.perUsd))
          : perUsd; // a test's odd value goes through as it is
        return { date, base, quote, rate };
      });
    if (!quotes || quotes.includes(base)) {
      const newest =
        rows
          .map((r) => r.date)
          .sort()
          .at(-1) ?? baseRate.date;
      rows.push({ date: newest, base, quote: base, rate: 1 });
      rows.sort((a, b) => a.quote.localeCompare(b.quote));
    }
    this.json(res, 200, rows);
  }

  private coinGecko(query: URLSearchParams) {
    const updated = Math.floor(Date.parse(this.cryptoTime) / 1000);
    const body: Record<string, unknown> = {};
    for (const id of (query.get('ids') ?? '').split(',')) {
      // POL and MATIC share a coin: whichever of them the test prices.
      const code = Object.keys(CRYPTO_MARKETS).find(
        (c) => CRYPTO_MARKETS[c].coingecko === id && c in this.cryptoUsd,
      );
      if (code) {
        const price = this.cryptoUsd[code];
        // CoinGecko writes prices as JSON numbers; a test's odd value (-5, "abc") goes through as it is.
        const usd = typeof price === 'string' && /^\d+(\.\d+)?$/.test(price) ? Number(price) : price;
        body[id] = { usd, last_updated_at: updated };
      }
    }
    return body;
  }

  private binance(res: ServerResponse, query: URLSearchParams): void {
    if (!query.has('symbols')) {
      // Every ticker Binance lists: here, every asset the stand-in has a price for.
      const all = Object.keys(this.cryptoUsd)
        .filter((code) => CRYPTO_MARKETS[code]?.binance)
        .map((code) => ({ symbol: CRYPTO_MARKETS[code].binance, price: String(this.cryptoUsd[code]) }));
      return this.json(res, 200, all);
    }
    let pairs: string[];
    try {
      pairs = JSON.parse(query.get('symbols') ?? '[]') as string[];
    } catch {
      return this.json(res, 400, { code: -1100, msg: 'Illegal characters found in parameter symbols.' });
    }
    const tickers = pairs.map((pair) => {
      const code = Object.keys(CRYPTO_MARKETS).find((c) => CRYPTO_MARKETS[c].binance === pair);
      return code && code in this.cryptoUsd ? { symbol: pair, price: String(this.cryptoUsd[code]) } : null;
    });
    // Binance refuses the whole request when one symbol is unknown.
    if (tickers.includes(null)) return this.json(res, 400, JSON.parse(sample('binance-error-400-1121.json')));
    this.json(res, 200, tickers);
  }

  private coinbase(res: ServerResponse, pathname: string): void {
    const product = /^\/products\/([A-Z0-9]+-USD)\/ticker$/.exec(pathname)?.[1];
    const code = Object.keys(CRYPTO_MARKETS).find((c) => CRYPTO_MARKETS[c].coinbase === product);
    if (!code || !(code in this.cryptoUsd)) {
      return this.json(res, 404, JSON.parse(sample('coinbase-error-404.json')));
    }
    const ticker = JSON.parse(sample('coinbase-ticker-BTC-USD.json')) as Record<string, unknown>;
    this.json(res, 200, { ...ticker, price: String(this.cryptoUsd[code]), time: this.cryptoTime });
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    this.send(res, status, JSON.stringify(body), 'application/json');
  }

  private send(res: ServerResponse, status: number, body: string, type: string): void {
    res.writeHead(status, { 'content-type': type, date: new Date().toUTCString() });
    res.end(body);
  }
}
