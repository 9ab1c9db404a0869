import type { CurrencySource } from '@fxrates/domain';
import { filterCurrencies, typeFilters } from './currency-filter';

const row = (code: string, name: string, type: CurrencySource['type']): CurrencySource => ({
  code,
  name,
  type,
  source: 'ecb',
  timestamp: '2026-11-27T15:00:00.000Z',
  date: '2026-11-27',
  ageSeconds: 60,
  stale: false,
  marketClosed: false,
});

const ROWS = [
  row('USD', 'US Dollar', 'fiat'),
  row('EUR', 'Euro', 'fiat'),
  row('STN', 'São Tomé and Príncipe Dobra', 'fiat'),
  row('AUD', 'Australian Dollar', 'fiat'),
  row('BTC', 'Bitcoin', 'crypto'),
  row('XAU', 'Gold (troy ounce)', 'metal'),
];
const codes = (rows: CurrencySource[]) => rows.map((r) => r.code);

describe('filterCurrencies', () => {
  it('keeps every currency for an empty query, in order', () => {
    expect(codes(filterCurrencies(ROWS, '  ', 'all'))).toEqual(['USD', 'EUR', 'STN', 'AUD', 'BTC', 'XAU']);
  });

  it('finds by code or name, whatever the case and accents, every word matching', () => {
    expect(codes(filterCurrencies(ROWS, 'eur', 'all'))).toEqual(['EUR']);
    expect(codes(filterCurrencies(ROWS, 'dollar', 'all'))).toEqual(['USD', 'AUD']);
    expect(codes(filterCurrencies(ROWS, 'us dollar', 'all'))).toEqual(['USD']);
    expect(codes(filterCurrencies(ROWS, 'SAO TOME', 'all'))).toEqual(['STN']);
    expect(codes(filterCurrencies(ROWS, 'gold', 'all'))).toEqual(['XAU']);
    expect(codes(filterCurrencies(ROWS, 'nothing like it', 'all'))).toEqual([]);
  });

  it('keeps only the chosen type, metals included', () => {
    expect(codes(filterCurrencies(ROWS, '', 'crypto'))).toEqual(['BTC']);
    expect(codes(filterCurrencies(ROWS, '', 'metal'))).toEqual(['XAU']);
    expect(codes(filterCurrencies(ROWS, 'dollar', 'crypto'))).toEqual([]);
  });
});

describe('typeFilters', () => {
  it('offers the types present, metals only once there are some', () => {
    expect(typeFilters(ROWS).map((f) => f.label)).toEqual(['All', 'Fiat', 'Crypto', 'Metals']);
    expect(typeFilters(ROWS.filter((r) => r.type !== 'metal')).map((f) => f.value)).toEqual([
      'all',
      'fiat',
      'crypto',
    ]);
  });
});
