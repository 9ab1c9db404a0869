import { CURRENCIES, METALS } from './catalogue';
import {
  DEFAULT_RATE_PROVIDERS,
  RATE_PROVIDER_IDS,
  RATE_PROVIDER_KINDS,
  RATE_PROVIDER_SERVES,
  providerServes,
} from './rate-sources';

describe('rate sources', () => {
  it('says which types each source serves, and keeps its status kind', () => {
    expect(RATE_PROVIDER_SERVES.frankfurter).toEqual(['fiat', 'metal']);
    expect(providerServes('coinbase-rates', 'crypto')).toBe(false);
    expect(providerServes('coinbase-rates', 'fiat')).toBe(true);
    expect(providerServes('binance', 'fiat')).toBe(false);
    expect(RATE_PROVIDER_KINDS).toMatchObject({
      frankfurter: 'fiat',
      'coinbase-rates': 'fiat',
      'open-er-api': 'fiat',
      coinbase: 'crypto',
      'bundled-snapshot': 'snapshot',
    });
  });

  it('asks some source for every type the catalogue has, metals included', () => {
    for (const currency of [...CURRENCIES, ...METALS]) {
      const live = RATE_PROVIDER_IDS.filter(
        (id) => id !== 'bundled-snapshot' && providerServes(id, currency.type),
      );
      expect({ code: currency.code, live: live.length > 0 }).toEqual({ code: currency.code, live: true });
    }
  });

  it('enables by default every keyless live source, the snapshot last', () => {
    expect(DEFAULT_RATE_PROVIDERS.at(-1)).toBe('bundled-snapshot');
    // OXR needs a paid key: the only source left out.
    expect(
      RATE_PROVIDER_IDS.filter((id) => !(DEFAULT_RATE_PROVIDERS as readonly string[]).includes(id)),
    ).toEqual(['oxr']);
  });
});
