import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RateDecimal } from '../src/decimal';
import { CRYPTO_MARKETS } from '../src/providers/crypto-markets';

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Roughly what one USD buys of each currency the stand-in serves; any other code is unknown to it. */
export const STAND_IN_MAGNITUDES: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  JPY: 151.3,
  CHF: 0.88,
  CNY: 7.23,
  IDR: 16234,
  VND: 25410,
  KWD: 0.3075,
  TWD: 31.9,
  XAU: 0.00031,
  XAG: 0.034,
  XPT: 0.00104,
  XPD: 0.00098,
  USDT: 1.0003,
  BTC: 0.0000121,
  ETH: 0.000375,
  DAI: 0.9998,
  TON: 0.19,
  // Priced by CoinGecko alone (no Binance pair, no Coinbase product).
  XMR: 0.0061,
};

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const isWeekend = (n: number) => [0, 6].includes(new Date(n * DAY_MS).getUTCDay());
const hash = (code: string) => [...code].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 7) % 1000;

/** Frankfurter's `Roundable`: decimals by magnitude. */
function frankfurterRounded(rate: RateDecimal): number {
  const decimals = rate.gt(5000)
    ? 0
    : rate.gt(80)
      ? 2
      : rate.gt(20)
        ? 3
        : rate.gt(1)
          ? 4
          : rate.gt('0.0001')
            ? 5
            : 6;
  return Number(rate.toDecimalPlaces(decimals, RateDecimal.ROUND_HALF_UP).toFixed());
}

/** What a route answers instead of its normal body, `times` times (every time when absent) and when `when` holds. */
export interface HistoryFault {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  times?: number;
  when?: (query: URLSearchParams) => boolean;
}

export type HistoryRoute = 'frankfurter' | 'binance' | 'coinbase' | 'coingecko';

/**
 * One loopback server playing the history range endpoints of four providers, in their wire
 * formats (provider-samples/{frankfurter,binance,coinbase}, CoinGecko's documented market chart): Frankfurter v2 `/v2/rates?from&to&base&quotes`
 * (a JSON array of `{date, base, quote, rate}` sorted by date then quote, one row per quote and day
 * published, rounded as Frankfurter rounds, 422 for an unknown parameter, currency or date), Binance
 * `/api/v3/klines` (1d, ≤ 1 000 per request, weight headers, 400 -1121 for an unknown symbol) and
 * Coinbase Exchange `/products/{id}/candles` (granularity 86400, ≤ 300 per request or 400, newest
 * first, 404 for an unknown product) and CoinGecko `/api/v3/coins/{id}/market_chart/range?vs_currency=usd&from&to`
 * (unix seconds; `{prices, market_caps, total_volumes}` of [ms, number] points: one a day at 00:00
 * UTC for a range over 90 days, hourly otherwise; 401 for a range reaching back more than 365 days,
 * as keyless CoinGecko answers; 404 `coin not found`). Its market is synthetic: each currency's value per USD wiggles
 * a little around STAND_IN_MAGNITUDES, fiat and metals on weekdays, crypto every day, from each
 * code's `listedFrom` to `today`. Tests add faults and read the requests.
 */
export class HistoryStandIn {
  readonly requests: Array<{ route: HistoryRoute; path: string; query: URLSearchParams }> = [];
  /** The last day served (the exchanges' candle of that day is still open: served, as they do). */
  today = new Date().toISOString().slice(0, 10);
  /** The first day each code has data (default: 1999-01-04; crypto 2017-08-17). */
  listedFrom: Record<string, string> = {};
  /** Codes Frankfurter answers 422 `invalid currency` for. */
  readonly unknownToFrankfurter = new Set<string>();
  /** Binance's used weight this minute, as its headers say. */
  private weight = { minute: 0, used: 0 };
  private readonly faults: Array<HistoryFault & { route: HistoryRoute }> = [];
  /** Answers to delay (ms) per route: to stop a run mid-way. */
  delayMs: Partial<Record<HistoryRoute, number>> = {};
  /** Each served code's value per USD (the benchmark serves the whole catalogue). */
  magnitudes: Readonly<Record<string, number>> = STAND_IN_MAGNITUDES;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<HistoryStandIn> {
    const server = createServer();
    const standIn = new HistoryStandIn(server);
    server.on(
      'request',
      (request: IncomingMessage, response: ServerResponse) => void standIn.answer(request, response),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  fault(route: HistoryRoute, fault: HistoryFault): void {
    this.faults.push({ route, ...fault });
  }

  clearFaults(): void {
    this.faults.length = 0;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Units of `code` per USD on `day` as the market has it (undefined: not published that day). */
  perUsd(code: string, day: string): RateDecimal | undefined {
    const magnitude = this.magnitudes[code];
    if (magnitude === undefined || day > this.today) return undefined;
    const crypto = code in CRYPTO_MARKETS;
    if (day < (this.listedFrom[code] ?? (crypto ? '2017-08-17' : '1999-01-04'))) return undefined;
    const n = dayNumber(day);
    if (!crypto && isWeekend(n)) return undefined;
    if (code === 'USD') return new RateDecimal(1);
    const wiggle = 1 + 0.02 * Math.sin(n / 7 + hash(code));
    return new RateDecimal((magnitude * wiggle).toPrecision(9));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const route: HistoryRoute | undefined =
      url.pathname === '/v2/rates'
        ? 'frankfurter'
        : url.pathname === '/api/v3/klines'
          ? 'binance'
          : /^\/products\/[^/]+\/candles$/.test(url.pathname)
            ? 'coinbase'
            : /^\/api\/v3\/coins\/[^/]+\/market_chart\/range$/.test(url.pathname)
              ? 'coingecko'
              : undefined;
    if (!route) return void json(response, 404, '{"message":"not found"}');
    this.requests.push({ route, path: url.pathname, query: url.searchParams });
    const delay = this.delayMs[route];
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    const fault = this.faults.find(
      (f) => f.route === route && (f.times ?? 1) > 0 && (!f.when || f.when(url.searchParams)),
    );
    if (fault) {
      if (fault.times !== undefined) fault.times--;
      response.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
      return void response.end(fault.body ?? '');
    }
    if (route === 'frankfurter') return this.frankfurter(url.searchParams, response);
    if (route === 'binance') return this.binance(url.searchParams, response);
    if (route === 'coingecko') return this.coingecko(url.pathname.split('/')[4], url.searchParams, response);
    return this.coinbase(url.pathname.split('/')[2], url.searchParams, response);
  }

  private frankfurter(query: URLSearchParams, response: ServerResponse): void {
    const refuse = (message: string) => json(response, 422, JSON.stringify({ status: 422, message }));
    const allowed = ['base', 'quotes', 'providers', 'date', 'from', 'to', 'group', 'expand'];
    const unknownParameter = [...query.keys()].find((key) => !allowed.includes(key));
    if (unknownParameter) return refuse(`unknown parameter: ${unknownParameter}`);
    const base = (query.get('base') ?? 'EUR').toUpperCase();
    const quotes = (query.get('quotes') ?? Object.keys(this.magnitudes).join(','))
      .split(',')
      .map((q) => q.trim().toUpperCase());
    for (const code of [base, ...quotes]) {
      if (!(code in this.magnitudes) || this.unknownToFrankfurter.has(code) || code in CRYPTO_MARKETS) {
        return refuse(`invalid currency: ${code}`);
      }
    }
    const from = query.get('from');
    const to = query.get('to') ?? this.today;
    if (
      !from ||
      !DAY.test(from) ||
      !DAY.test(to) ||
      Number.isNaN(Date.parse(from)) ||
      Number.isNaN(Date.parse(to))
    ) {
      return refuse('invalid date');
    }
    const rows: string[] = [];
    for (let n = dayNumber(from); n <= dayNumber(to); n++) {
      const day = dayText(n);
      const basePerUsd = this.perUsd(base, day);
      if (!basePerUsd) continue;
      for (const quote of [...new Set(quotes)].sort()) {
        const quotePerUsd = this.perUsd(quote, day);
        if (!quotePerUsd) continue;
        const rate = quote === base ? '1.0' : String(frankfurterRounded(quotePerUsd.div(basePerUsd)));
        rows.push(`{"date":"${day}","base":"${base}","quote":"${quote}","rate":${rate}}`);
      }
    }
    json(response, 200, `[${rows.join(',')}]`, {
      'cache-control': 'public, max-age=86400, stale-while-revalidate=86400, stale-if-error=86400',
    });
  }

  private binance(query: URLSearchParams, response: ServerResponse): void {
    const minute = Math.floor(Date.now() / 60_000);
    if (this.weight.minute !== minute) this.weight = { minute, used: 0 };
    this.weight.used += 2;
    const headers = {
      'x-mbx-used-weight': String(this.weight.used),
      'x-mbx-used-weight-1m': String(this.weight.used),
    };
    const symbol = query.get('symbol') ?? '';
    const code = Object.keys(CRYPTO_MARKETS).find((c) => CRYPTO_MARKETS[c].binance === symbol);
    if (!code || !(code in this.magnitudes)) {
      return json(response, 400, '{"code":-1121,"msg":"Invalid symbol."}', headers);
    }
    if (query.get('interval') !== '1d') {
      return json(response, 400, '{"code":-1120,"msg":"Invalid interval."}', headers);
    }
    const limit = Number(query.get('limit') ?? 500);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
      return json(
        response,
        400,
        '{"code":-1100,"msg":"Illegal characters found in parameter \'limit\'."}',
        headers,
      );
    }
    const start = Math.ceil(Number(query.get('startTime') ?? 0) / DAY_MS);
    const end = Math.floor(Number(query.get('endTime') ?? Date.parse(`${this.today}T00:00:00Z`)) / DAY_MS);
    const klines: string[] = [];
    for (let n = start; n <= end && klines.length < limit; n++) {
      const day = dayText(n);
      const assetPerUsd = this.perUsd(code, day);
      const usdtPerUsd = this.perUsd('USDT', day);
      if (!assetPerUsd || !usdtPerUsd) continue;
      const close = usdtPerUsd.div(assetPerUsd).toFixed(8);
      const open = n * DAY_MS;
      klines.push(
        `[${open},"${close}","${close}","${close}","${close}","1000.00000000",${open + DAY_MS - 1},"1000000.00000000",1000,"500.00000000","500000.00000000","0"]`,
      );
    }
    json(response, 200, `[${klines.join(',')}]`, headers);
  }

  private coinbase(product: string, query: URLSearchParams, response: ServerResponse): void {
    const code = Object.keys(CRYPTO_MARKETS).find((c) => CRYPTO_MARKETS[c].coinbase === product);
    if (!code || !(code in this.magnitudes)) return json(response, 404, '{"message":"NotFound"}');
    if (query.get('granularity') !== '86400') {
      return json(response, 400, '{"message":"Unsupported granularity"}');
    }
    const start = Math.floor(Date.parse(query.get('start') ?? '') / DAY_MS);
    const end = Math.floor(Date.parse(query.get('end') ?? '') / DAY_MS);
    if (Number.isNaN(start) || Number.isNaN(end))
      return json(response, 400, '{"message":"Invalid start or end"}');
    if (end - start + 1 > 300) {
      return json(
        response,
        400,
        '{"message":"granularity too small for the requested time range. Count of aggregations requested exceeds 300"}',
      );
    }
    const candles: string[] = [];
    for (let n = end; n >= start; n--) {
      const perUsd = this.perUsd(code, dayText(n));
      if (!perUsd) continue;
      const close = Number(new RateDecimal(1).div(perUsd).toSignificantDigits(8).toFixed());
      candles.push(`[${n * 86_400},${close},${close},${close},${close},1234.5678]`);
    }
    json(response, 200, `[${candles.join(',')}]`);
  }

  private coingecko(id: string, query: URLSearchParams, response: ServerResponse): void {
    const code = Object.keys(CRYPTO_MARKETS).find((c) => CRYPTO_MARKETS[c].coingecko === id);
    if (!code || !(code in this.magnitudes)) return json(response, 404, '{"error":"coin not found"}');
    if (query.get('vs_currency') !== 'usd') {
      return json(response, 400, '{"error":"invalid vs_currency"}');
    }
    const fromMs = Number(query.get('from')) * 1000;
    const toMs = Number(query.get('to')) * 1000;
    if (!query.get('from') || !query.get('to') || !Number.isFinite(fromMs) || !Number.isFinite(toMs)) {
      return json(response, 422, '{"error":"from and to are required unix timestamps"}');
    }
    const nowMs = (dayNumber(this.today) + 1) * DAY_MS;
    if (fromMs < nowMs - 365 * DAY_MS) {
      return json(
        response,
        401,
        '{"error":{"status":{"error_code":10012,"error_message":"Your request exceeds the allowed time range. Public API users are limited to querying historical data within the past 365 days."}}}',
      );
    }
    // The price at an instant is the close of the day before it (the market moves by day here).
    const priceAt = (ms: number) => {
      const perUsd = this.perUsd(code, dayText(Math.floor(ms / DAY_MS) - (ms % DAY_MS === 0 ? 1 : 0)));
      return perUsd ? Number(new RateDecimal(1).div(perUsd).toSignificantDigits(10).toFixed()) : undefined;
    };
    const step = toMs - fromMs > 90 * DAY_MS ? DAY_MS : 3_600_000;
    // Hourly points fall a little after the hour, as CoinGecko's do; daily ones at 00:00 UTC.
    const offset = step === DAY_MS ? 0 : 4_321;
    const prices: string[] = [];
    const caps: string[] = [];
    const volumes: string[] = [];
    for (let at = Math.ceil(fromMs / step) * step + offset; at <= toMs && at <= nowMs; at += step) {
      const price = priceAt(at);
      if (price === undefined) continue;
      prices.push(`[${at},${price}]`);
      caps.push(`[${at},${price * 1e7}]`);
      volumes.push(`[${at},${price * 1e5}]`);
    }
    json(
      response,
      200,
      `{"prices":[${prices.join(',')}],"market_caps":[${caps.join(',')}],"total_volumes":[${volumes.join(',')}]}`,
    );
  }
}

function json(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(body);
}
