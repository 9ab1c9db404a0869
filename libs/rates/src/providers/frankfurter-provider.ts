import { ProviderError } from './provider-error';
import { getFromProvider, isRecord, parseJsonBody } from './provider-http';
import { ObservationList } from './provider-values';
import { ecbFixInstant } from './ecb-fix-time';
import {
  defineProvider,
  type ProviderFetchResult,
  type ProviderSettings,
  type RateProvider,
} from './provider';

/** Frankfurter's `/v1/latest?base=USD`: ECB's reference rates, already rebased on USD. */
export function parseFrankfurterLatest(body: unknown, symbols: readonly string[]): ProviderFetchResult {
  if (
    !isRecord(body) ||
    body.base !== 'USD' ||
    typeof body.date !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}$/.test(body.date) ||
    !isRecord(body.rates)
  ) {
    throw new ProviderError('frankfurter', 'malformed', 'expected { base: "USD", date, rates }');
  }
  const day = body.date;
  const observedAt = ecbFixInstant(day);
  const list = new ObservationList('USD');
  for (const currency of symbols) {
    if (currency in body.rates) list.add(currency, body.rates[currency], observedAt, day);
  }
  return { source: 'frankfurter', observations: list.observations, rejected: list.rejected };
}

export function frankfurterProvider(settings: ProviderSettings): RateProvider {
  return defineProvider('frankfurter', async ({ symbols, signal }) => {
    const url = `${settings.baseUrl}/v1/latest?base=USD`;
    const response = await getFromProvider('frankfurter', url, settings, { signal });
    return parseFrankfurterLatest(parseJsonBody('frankfurter', response), symbols);
  });
}
