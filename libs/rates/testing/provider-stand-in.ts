import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CRYPTO_MARKETS } from '../src/providers/crypto-markets';

const SAMPLES = path.join(__dirname, 'provider-samples');
export const sample = (name: string): string => readFileSync(path.join(SAMPLES, name), 'utf8');

/**
 * What a route answers instead of its normal body: a status and body of the test's choosing, at
 * once or after `delayMs`;
 * `hang`, the connection and request accepted and nothing ever answered; `stall-body`, a 200 and
 * the start of a JSON body, then nothing more; `garbage`, an HTML error page with a 200.
 */
export type StandInFault =
  | { status: number; body?: string; headers?: Record<string, string>; delayMs?: number }
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
  | '/v1/latest'
  | '/api/latest.json'
  | '/api/v3/simple/price'
  | '/api/v3/ticker/price'
  | '/products/';

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
 * XML, Frankfurter, Open Exchange Rates, CoinGecko, Binance and Coinbase. It starts from the
 * providers' published samples; tests change the market (`ecbXml`, `frankfurter`, `oxr`,
 * `cryptoUsd`) or make a route fail (`fault`), and read what was asked (`requests`).
 */
export class ProviderStandIn {
  ecbXml = sample('eurofxref-daily.xml');
  frankfurter = JSON.parse(sample('frankfurter-latest-base-USD.json')) as {
    base: string;
    date: string;
    rates: Record<string, unknown>;
  };
  oxr = JSON.parse(sample('oxr-latest.json')) as { timestamp: number; rates: Record<string, unknown> };
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
        res.end(fault.body ?? '');
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
      case '/v1/latest':
        return parsed.searchParams.get('base') === 'USD'
          ? this.json(res, 200, { amount: 1, ...this.frankfurter })
          : this.json(res, 404, JSON.parse(sample('frankfurter-error-404.json')));
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

  private coinGecko(query: URLSearchParams) {
    const updated = Math.floor(Date.parse(this.cryptoTime) / 1000);
    const body: Record<string, unknown> = {};
    for (const id of (query.get('ids') ?? '').split(',')) {
      const code = Object.keys(CRYPTO_MARKETS).find((c) => CRYPTO_MARKETS[c].coingecko === id);
      if (code && code in this.cryptoUsd) {
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
