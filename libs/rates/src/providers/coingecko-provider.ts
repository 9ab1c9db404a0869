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
 * CoinGecko `/api/v3/simple/price?ids&vs_currencies=usd&include_last_updated_at=true`:
 * `{ bitcoin: { usd: 83212.64, last_updated_at: 1790640000 } }`, a USD price per coin.
 */
export function parseCoinGeckoPrices(
  body: unknown,
  markets: ReadonlyArray<{ code: string; market: string }>,
  now: number,
): ProviderFetchResult {
  if (!isRecord(body) || isRecord(body.status)) {
    throw new ProviderError('coingecko', 'malformed', 'expected { <coin id>: { usd } }');
  }
  const list = new ObservationList('USD');
  for (const { code, market } of markets) {
    const entry = body[market];
    if (!isRecord(entry)) {
      list.rejected.push({ currency: code, raw: entry, reason: `no price for ${market}` });
      continue;
    }
    // Without include_last_updated_at a price is as of the answer; a bad time refuses this coin only.
    const time =
      entry.last_updated_at === undefined
        ? { iso: new Date(now).toISOString() }
        : readTime(entry.last_updated_at, now);
    if ('reason' in time) {
      list.rejected.push({ currency: code, raw: entry.last_updated_at, reason: time.reason });
      continue;
    }
    list.addPrice(code, entry.usd, time.iso, dayOf(time.iso));
  }
  return { source: 'coingecko', observations: list.observations, rejected: list.rejected };
}

export function coinGeckoProvider(settings: ProviderSettings): RateProvider {
  return defineProvider('coingecko', async ({ symbols, signal }) => {
    const markets = marketsOn('coingecko', symbols);
    if (markets.length === 0) return { source: 'coingecko', observations: [], rejected: [] };
    const ids = markets.map((m) => m.market).join(',');
    const url = `${settings.baseUrl}/api/v3/simple/price?ids=${ids}&vs_currencies=usd&include_last_updated_at=true`;
    const headers: Record<string, string> = settings.apiKey ? { 'x-cg-demo-api-key': settings.apiKey } : {};
    const response = await getFromProvider('coingecko', url, settings, { signal, headers });
    return parseCoinGeckoPrices(parseJsonBody('coingecko', response), markets, Date.now());
  });
}
