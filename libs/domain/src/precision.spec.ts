import { CURRENCIES, FEATURED_CRYPTO, FEATURED_FIAT, findCurrency } from './catalogue';
import { currencyIconPath, currencyLabel } from './currency';
import { resultDecimals } from './precision';

describe('resultDecimals', () => {
  it('is 4 when both sides are fiat and 8 when either side is crypto', () => {
    expect(resultDecimals('USD', 'EUR')).toBe(4);
    expect(resultDecimals('BTC', 'USD')).toBe(8);
    expect(resultDecimals('usd', 'eth')).toBe(8);
    expect(resultDecimals('BTC', 'ETH')).toBe(8);
  });

  it('is 8 when either side is a metal: 1 USD is about 0.00024 oz t of gold', () => {
    expect(resultDecimals('USD', 'XAU')).toBe(8);
    expect(resultDecimals('xag', 'EUR')).toBe(8);
    expect(resultDecimals('XAU', 'XPT')).toBe(8);
    expect(resultDecimals('PAXG', 'XAU')).toBe(8);
  });
});

describe('catalogue', () => {
  it("has the spec's 14 fiat with flags and 15 crypto", () => {
    expect(FEATURED_FIAT.map((c) => c.code)).toEqual([
      'USD',
      'EUR',
      'GBP',
      'AUD',
      'CAD',
      'CHF',
      'CNY',
      'NZD',
      'ZAR',
      'SGD',
      'HKD',
      'SEK',
      'NOK',
      'INR',
    ]);
    expect(FEATURED_FIAT.every((c) => c.flag && c.type === 'fiat')).toBe(true);
    expect(FEATURED_CRYPTO.map((c) => c.code)).toEqual([
      'BTC',
      'ETH',
      'SOL',
      'BNB',
      'ADA',
      'XRP',
      'DOT',
      'DOGE',
      'AVAX',
      'MATIC',
      'LINK',
      'UNI',
      'ATOM',
      'LTC',
      'USDT',
    ]);
    expect(CURRENCIES.slice(0, 14)).toEqual(FEATURED_FIAT.map((c) => expect.objectContaining(c)));
    expect(new Set(CURRENCIES.map((c) => c.code)).size).toBe(CURRENCIES.length);
  });

  it('labels options "{flag} {symbol} - {name}", the flag an SVG file beside the text, never an emoji', () => {
    expect(currencyLabel(findCurrency('usd')!)).toBe('USD - US Dollar');
    expect(currencyLabel(findCurrency('BTC')!)).toBe('BTC - Bitcoin');
    expect(currencyIconPath(findCurrency('usd')!)).toBe('/flags/us.svg');
    expect(currencyIconPath(findCurrency('BTC')!)).toBe('/crypto-icons/btc.svg');
    expect(findCurrency('XYZ')).toBeUndefined();
  });
});
