import { marketsOn } from './crypto-markets';
import { ProviderError } from './provider-error';
import { getFromProvider, isRecord, parseJsonBody } from './provider-http';
import { dayOf, ObservationList, readTime } from './provider-values';
import {
  defineProvider,
  type ProviderFetchResult,
  type ProviderSettings,
  type RateProvider,
} from './provider';

/**
 * Binance `/api/v3/ticker/price?symbols=[...]`: `[{ symbol: "BTCUSDT", price: "83212.64000000" }]`,
 * prices in USDT (rebased on USD by the ingestion). The ticker has no time; the answer's `Date` is used.
 */
export function parseBinancePrices(
  body: unknown,
  markets: ReadonlyArray<{ code: string; market: string }>,
  observedAt: string,
): ProviderFetchResult {
  if (!Array.isArray(body)) {
    const detail = isRecord(body) && 'msg' in body ? `: ${String(body.msg)}` : '';
    throw new ProviderError('binance', 'malformed', `expected an array of tickers${detail}`);
  }
  const prices = new Map<string, unknown>();
  for (const ticker of body) if (isRecord(ticker)) prices.set(String(ticker.symbol), ticker.price);
  const list = new ObservationList('USDT');
  for (const { code, market } of markets) {
    if (!prices.has(market))
      list.rejected.push({ currency: code, raw: undefined, reason: `no ticker ${market}` });
    else list.addPrice(code, prices.get(market), observedAt, dayOf(observedAt));
  }
  return { source: 'binance', observations: list.observations, rejected: list.rejected };
}

export function binanceProvider(settings: ProviderSettings): RateProvider {
  const tickers = async (query: string, signal?: AbortSignal) => {
    const response = await getFromProvider(
      'binance',
      `${settings.baseUrl}/api/v3/ticker/price${query}`,
      settings,
      {
        signal,
      },
    );
    // The answer's Date, unless missing or implausible (a proxy's clock): then our own.
    const now = Date.now();
    const date = readTime(response.headers.get('date') ?? '', now);
    return { body: parseJsonBody('binance', response), date: 'iso' in date ? Date.parse(date.iso) : now };
  };
  return defineProvider('binance', async ({ symbols, signal }) => {
    const markets = marketsOn('binance', symbols);
    if (markets.length === 0) return { source: 'binance', observations: [], rejected: [] };
    const pairs = encodeURIComponent(JSON.stringify(markets.map((m) => m.market)));
    let answer: Awaited<ReturnType<typeof tickers>>;
    try {
      answer = await tickers(`?symbols=${pairs}`, signal);
    } catch (error) {
      // Binance refuses the whole list when one pair is unknown (-1121, e.g. a delisting): read every
      // ticker instead, so the other assets still come in and the missing one is refused alone.
      if (!(error instanceof ProviderError && error.failure === 'http' && error.details.status === 400))
        throw error;
      answer = await tickers('', signal);
    }
    return parseBinancePrices(answer.body, markets, new Date(answer.date).toISOString());
  });
}
