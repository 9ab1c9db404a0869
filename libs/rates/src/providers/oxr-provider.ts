import { ProviderError } from './provider-error';
import { getFromProvider, isRecord, parseJsonBody } from './provider-http';
import { dayOf, ObservationList, readTime } from './provider-values';
import {
  defineProvider,
  type ProviderFetchResult,
  type ProviderSettings,
  type RateProvider,
} from './provider';

/** Open Exchange Rates `/api/latest.json`: per-USD rates stamped with a Unix `timestamp`. */
export function parseOxrLatest(
  body: unknown,
  symbols: readonly string[],
  now = Date.now(),
): ProviderFetchResult {
  if (isRecord(body) && body.error === true) {
    const failure = body.status === 401 || body.status === 403 ? 'auth' : 'http';
    throw new ProviderError('oxr', failure, `${String(body.message)}: ${String(body.description ?? '')}`);
  }
  if (
    !isRecord(body) ||
    body.base !== 'USD' ||
    typeof body.timestamp !== 'number' ||
    !Number.isInteger(body.timestamp) ||
    !isRecord(body.rates)
  ) {
    throw new ProviderError('oxr', 'malformed', 'expected { base: "USD", timestamp, rates }');
  }
  const time = readTime(body.timestamp, now);
  if ('reason' in time) throw new ProviderError('oxr', 'malformed', `timestamp: ${time.reason}`);
  const observedAt = time.iso;
  const list = new ObservationList('USD');
  for (const currency of symbols) {
    if (currency !== 'USD' && currency in body.rates) {
      list.add(currency, body.rates[currency], observedAt, dayOf(observedAt));
    }
  }
  return { source: 'oxr', observations: list.observations, rejected: list.rejected };
}

export function oxrProvider(settings: ProviderSettings): RateProvider {
  return defineProvider('oxr', async ({ symbols, signal }) => {
    const url = `${settings.baseUrl}/api/latest.json?app_id=${encodeURIComponent(settings.apiKey ?? '')}`;
    const response = await getFromProvider('oxr', url, settings, { signal });
    return parseOxrLatest(parseJsonBody('oxr', response), symbols);
  });
}
