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
 * ExchangeRate-API's open access `GET /v6/latest/USD`: `{ result: "success", base_code: "USD",
 * time_last_update_unix, rates: { EUR: 0.855871, … } }`, refreshed once a day; the rates count from
 * `time_last_update_unix`. `{ result: "error", "error-type": … }` (with any status) fails the fetch.
 */
export function parseOpenErApiLatest(
  body: unknown,
  symbols: readonly string[],
  now = Date.now(),
): ProviderFetchResult {
  if (isRecord(body) && body.result === 'error') {
    const type = String(body['error-type'] ?? 'unknown');
    const failure = type === 'invalid-key' || type === 'inactive-account' ? 'auth' : 'http';
    throw new ProviderError('open-er-api', failure, `ExchangeRate-API answered an error: ${type}`);
  }
  if (
    !isRecord(body) ||
    body.result !== 'success' ||
    body.base_code !== 'USD' ||
    typeof body.time_last_update_unix !== 'number' ||
    !isRecord(body.rates)
  ) {
    throw new ProviderError(
      'open-er-api',
      'malformed',
      'expected { result: "success", base_code: "USD", time_last_update_unix, rates }',
    );
  }
  const time = readTime(body.time_last_update_unix, now);
  if ('reason' in time)
    throw new ProviderError('open-er-api', 'malformed', `time_last_update_unix: ${time.reason}`);
  const list = new ObservationList('USD');
  for (const currency of symbols) {
    if (currency !== 'USD' && Object.hasOwn(body.rates, currency)) {
      list.add(currency, body.rates[currency], time.iso, dayOf(time.iso));
    }
  }
  return { source: 'open-er-api', observations: list.observations, rejected: list.rejected };
}

export function openErApiProvider(settings: ProviderSettings): RateProvider {
  return defineProvider('open-er-api', async ({ symbols, signal }) => {
    const url = `${settings.baseUrl}/v6/latest/USD`;
    // Its error bodies come with 4xx statuses too: read them for their error-type.
    const response = await getFromProvider('open-er-api', url, settings, {
      signal,
      acceptStatus: [400, 404],
    });
    return parseOpenErApiLatest(parseJsonBody('open-er-api', response), symbols);
  });
}
