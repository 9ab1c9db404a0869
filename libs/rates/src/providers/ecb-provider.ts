import { ProviderError } from './provider-error';
import { getFromProvider } from './provider-http';
import { ObservationList, readRate } from './provider-values';
import { ecbFixInstant } from './ecb-fix-time';
import {
  defineProvider,
  type ProviderFetchResult,
  type ProviderSettings,
  type RateProvider,
} from './provider';

const DAILY_PATH = '/stats/eurofxref/eurofxref-daily.xml';

/** `<Cube time='2026-04-13'>` and `<Cube currency='USD' rate='1.1684'/>`, either quote style. */
const DAY_CUBE = /<Cube\s+time=(['"])(\d{4}-\d{2}-\d{2})\1\s*>/;
const RATE_CUBE = /<Cube\s+currency=(['"])([A-Z]{3})\1\s+rate=(['"])([^'"]*)\3\s*\/>/g;

/**
 * ECB euro reference rates, published once per TARGET business day around 16:00 CET. Rates are per
 * EUR; they are turned into per-USD values inside the same fix: X per USD = (X per EUR) ÷ (USD per EUR),
 * and EUR per USD = 1 ÷ (USD per EUR).
 */
export function parseEcbDaily(xml: string, symbols: readonly string[]): ProviderFetchResult {
  const day = DAY_CUBE.exec(xml)?.[2];
  if (!day || !xml.includes('eurofxref')) {
    throw new ProviderError('ecb', 'malformed', 'not an ECB reference rates document (no dated Cube)');
  }
  const perEur = new Map<string, string>();
  for (const match of xml.matchAll(RATE_CUBE)) perEur.set(match[2], match[4]);
  const usd = readRate(perEur.get('USD'));
  if ('reason' in usd) {
    throw new ProviderError('ecb', 'malformed', `the fix of ${day} has no usable USD rate (${usd.reason})`);
  }
  const observedAt = ecbFixInstant(day);
  const list = new ObservationList('USD');
  const wanted = new Set(symbols);
  if (wanted.has('EUR')) list.add('EUR', usd.rate.toString(), observedAt, day, true);
  for (const [currency, raw] of perEur) {
    if (currency === 'USD' || !wanted.has(currency)) continue;
    const reading = readRate(raw);
    if ('reason' in reading) list.rejected.push({ currency, raw, reason: reading.reason });
    else list.add(currency, reading.rate.dividedBy(usd.rate).toString(), observedAt, day);
  }
  return { source: 'ecb', observations: list.observations, rejected: list.rejected };
}

export function ecbProvider(settings: ProviderSettings): RateProvider {
  return defineProvider('ecb', async ({ symbols, signal }) => {
    const response = await getFromProvider('ecb', `${settings.baseUrl}${DAILY_PATH}`, settings, { signal });
    return parseEcbDaily(response.body, symbols);
  });
}
