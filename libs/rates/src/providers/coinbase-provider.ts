import { marketsOn } from './crypto-markets';
import { ProviderError } from './provider-error';
import { getFromProvider, isRecord, parseJsonBody, requestEach } from './provider-http';
import { dayOf, ObservationList, readTime } from './provider-values';
import { defineProvider, type ProviderSettings, type RateProvider } from './provider';

/** Coinbase allows about 10 public requests a second: a few tickers at a time stays well under it. */
const PARALLEL_TICKERS = 3;

/**
 * Adds one Coinbase `/products/{BASE}-USD/ticker` answer (`{ price: "83212.64", time }`) to `list`.
 * A 404 (no such product) or a ticker without a usable time refuses that asset only.
 */
export function addCoinbaseTicker(
  list: ObservationList,
  code: string,
  status: number,
  body: unknown,
  now = Date.now(),
): void {
  if (status === 404) {
    list.rejected.push({ currency: code, raw: body, reason: 'no such product on Coinbase' });
    return;
  }
  if (!isRecord(body)) {
    throw new ProviderError('coinbase', 'malformed', `ticker of ${code}: expected { price, time }`);
  }
  const time = typeof body.time === 'string' ? readTime(body.time, now) : { reason: 'no time' };
  if ('reason' in time) {
    list.rejected.push({ currency: code, raw: body.time, reason: time.reason });
    return;
  }
  list.addPrice(code, body.price, time.iso, dayOf(time.iso));
}

export function coinbaseProvider(settings: ProviderSettings): RateProvider {
  return defineProvider('coinbase', async ({ symbols, signal }) => {
    const pending = marketsOn('coinbase', symbols);
    const list = new ObservationList('USD');
    // One failed ticker fails the fetch, the other tickers dropped.
    await requestEach(pending, PARALLEL_TICKERS, signal, async (item, tickerSignal) => {
      const url = `${settings.baseUrl}/products/${item.market}/ticker`;
      const response = await getFromProvider('coinbase', url, settings, {
        signal: tickerSignal,
        acceptStatus: [404],
      });
      addCoinbaseTicker(list, item.code, response.status, parseJsonBody('coinbase', response));
    });
    return { source: 'coinbase', observations: list.observations, rejected: list.rejected };
  });
}
