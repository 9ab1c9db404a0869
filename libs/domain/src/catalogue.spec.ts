import { CRYPTO, CURRENCIES, FEATURED_CRYPTO, FEATURED_FIAT, FIAT, findCurrency } from './catalogue';

const FLAG = /^\p{Regional_Indicator}{2}$/u;

describe('currency catalogue', () => {
  it('lists at least 150 fiat and 100 crypto, featured first, each code once', () => {
    expect(FIAT.length).toBeGreaterThanOrEqual(150);
    expect(CRYPTO.length).toBeGreaterThanOrEqual(100);
    expect(FIAT.slice(0, 14).map((c) => c.code)).toEqual(FEATURED_FIAT.map((c) => c.code));
    expect(CRYPTO.slice(0, 15).map((c) => c.code)).toEqual(FEATURED_CRYPTO.map((c) => c.code));
    expect(CURRENCIES.filter((c) => c.featured)).toHaveLength(29);
    expect(new Set(CURRENCIES.map((c) => c.code)).size).toBe(CURRENCIES.length);
  });

  it('takes minor units from ISO 4217, not from Intl', () => {
    const units = (code: string) => findCurrency(code)?.minorUnits;
    expect([units('USD'), units('EUR'), units('JPY'), units('KRW'), units('KWD'), units('BHD')]).toEqual([
      2, 2, 0, 0, 3, 3,
    ]);
    // Intl says 0 for these; ISO 4217 says 2.
    expect([units('IDR'), units('PKR'), units('HUF'), units('IRR')]).toEqual([2, 2, 2, 2]);
    expect(FIAT.every((c) => Number.isInteger(c.minorUnits))).toBe(true);
  });

  it('gives every fiat a flag, regional currencies the flag of their union or issuing bank', () => {
    expect(FIAT.filter((c) => !FLAG.test(c.flag ?? '')).map((c) => c.code)).toEqual([]);
    expect(findCurrency('EUR')!.flag).toBe('🇪🇺');
    expect(findCurrency('XOF')!.flag).toBe('🇸🇳');
    expect(findCurrency('XAF')!.flag).toBe('🇨🇲');
    expect(findCurrency('XCD')!.flag).toBe('🇰🇳');
    expect(findCurrency('JPY')).toMatchObject({ name: 'Japanese Yen', symbol: '¥', flag: '🇯🇵' });
  });

  it('leaves out metals, funds, test codes and currencies no longer in circulation', () => {
    for (const code of ['XAU', 'XDR', 'XTS', 'CLF', 'BOV', 'BGN', 'CUC', 'HRK', 'SLL', 'XBT']) {
      expect(findCurrency(code)).toBeUndefined();
    }
  });

  it('names every crypto asset and points to an icon where the icon package has one', () => {
    expect(CRYPTO.every((c) => c.name.length > 0 && c.type === 'crypto')).toBe(true);
    expect(findCurrency('BTC')).toMatchObject({ iconFile: 'btc.svg', icon: '₿', featured: true });
    expect(findCurrency('AAVE')).toMatchObject({ iconFile: 'aave.svg', featured: false });
    expect(CRYPTO.filter((c) => c.iconFile).length).toBeGreaterThanOrEqual(60);
  });
});
