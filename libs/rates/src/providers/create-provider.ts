import { binanceProvider } from './binance-provider';
import { bundledSnapshotProvider } from './bundled-snapshot-provider';
import { coinbaseProvider } from './coinbase-provider';
import { coinbaseRatesProvider } from './coinbase-rates-provider';
import { coinGeckoProvider } from './coingecko-provider';
import { ecbProvider } from './ecb-provider';
import { frankfurterProvider } from './frankfurter-provider';
import { openErApiProvider } from './open-er-api-provider';
import { oxrProvider } from './oxr-provider';
import type { ProviderId, ProviderSettings, RateProvider } from './provider';

const FACTORIES: Record<ProviderId, (settings: ProviderSettings) => RateProvider> = {
  ecb: ecbProvider,
  frankfurter: frankfurterProvider,
  oxr: oxrProvider,
  'coinbase-rates': coinbaseRatesProvider,
  'open-er-api': openErApiProvider,
  coinbase: coinbaseProvider,
  binance: binanceProvider,
  coingecko: coinGeckoProvider,
  'bundled-snapshot': bundledSnapshotProvider,
};

export function createProvider(id: ProviderId, settings: ProviderSettings): RateProvider {
  return FACTORIES[id](settings);
}
