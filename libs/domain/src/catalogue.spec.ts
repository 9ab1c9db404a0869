import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CRYPTO,
  CURRENCIES,
  FEATURED_CRYPTO,
  FEATURED_FIAT,
  FIAT,
  findCurrency,
  isCrypto,
  isMetal,
  METALS,
} from './catalogue';
import { currencyIconPath, currencyLabel } from './currency';

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

  it('gives every fiat the flag-icons SVG of the same country as its flag', () => {
    const countryOf = (flag: string) =>
      [...flag].map((c) => String.fromCharCode(c.codePointAt(0)! - 0x1f1e6 + 97)).join('');
    expect(FIAT.filter((c) => c.flagFile !== `${countryOf(c.flag!)}.svg`).map((c) => c.code)).toEqual([]);
    expect(findCurrency('EUR')!.flagFile).toBe('eu.svg');
    expect(findCurrency('XOF')!.flagFile).toBe('sn.svg');
  });

  it('gives each option one icon and a label with no emoji or glyph in it', () => {
    const emoji = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
    expect(CURRENCIES.filter((c) => emoji.test(currencyLabel(c))).map((c) => c.code)).toEqual([]);
    expect(CURRENCIES.every((c) => currencyLabel(c) === `${c.code} - ${c.name}`)).toBe(true);
    expect(currencyIconPath(findCurrency('GBP')!)).toBe('/flags/gb.svg');
    expect(currencyIconPath(findCurrency('AMP')!)).toBe('/crypto-icons/generic.svg');
    expect(currencyIconPath({ ...findCurrency('GBP')!, flagFile: undefined })).toBe('/flags/generic.svg');
    expect(currencyIconPath(findCurrency('XAU')!)).toBe('/metal-icons/xau.svg');
    expect(currencyIconPath({ ...findCurrency('XAG')!, iconFile: undefined })).toBe(
      '/crypto-icons/generic.svg',
    );
  });

  it('lists the four ISO 4217 metals last, per troy ounce, each with its own icon', () => {
    expect(METALS.map((c) => c.code)).toEqual(['XAU', 'XAG', 'XPT', 'XPD']);
    expect(CURRENCIES.slice(-4)).toEqual(METALS);
    expect(CURRENCIES).toHaveLength(FIAT.length + CRYPTO.length + 4);
    expect(findCurrency('xau')).toMatchObject({ name: 'Gold (troy ounce)', symbol: 'oz t', type: 'metal' });
    expect(METALS.every((c) => c.type === 'metal' && !c.featured && c.minorUnits === undefined)).toBe(true);
    expect(METALS.map((c) => c.iconFile)).toEqual(['xau.svg', 'xag.svg', 'xpt.svg', 'xpd.svg']);
  });

  it('keeps tokenised gold a crypto asset, never a metal', () => {
    for (const token of ['PAXG', 'XAUT']) {
      expect(findCurrency(token)?.type).toBe('crypto');
      expect([isCrypto(token), isMetal(token)]).toEqual([true, false]);
    }
    expect([isCrypto('XAU'), isMetal('XAU')]).toEqual([false, true]);
  });

  it('leaves out funds, test codes and currencies no longer in circulation', () => {
    for (const code of ['XDR', 'XTS', 'CLF', 'BOV', 'BGN', 'CUC', 'HRK', 'SLL', 'XBT']) {
      expect(findCurrency(code)).toBeUndefined();
    }
  });

  it('names every crypto asset and points to an icon where the icon package has one', () => {
    expect(CRYPTO.every((c) => c.name.length > 0 && c.type === 'crypto')).toBe(true);
    expect(findCurrency('BTC')).toMatchObject({ iconFile: 'btc.svg', icon: '₿', featured: true });
    expect(findCurrency('AAVE')).toMatchObject({ iconFile: 'aave.svg', featured: false });
    expect(findCurrency('UNI')).toMatchObject({ iconFile: 'uni.svg' });
    expect(CRYPTO.filter((c) => c.iconFile).length).toBeGreaterThanOrEqual(110);
    expect(findCurrency('AMP')!.iconFile).toBeUndefined();
  });
});

describe('metal icons', () => {
  it('has a file for each metal where the build takes them from (frontends/metal-icons)', () => {
    const folder = join(__dirname, '../../../frontends/metal-icons');
    for (const metal of METALS) {
      const svg = readFileSync(join(folder, metal.iconFile!), 'utf8');
      expect(svg.startsWith('<svg') && svg.trimEnd().endsWith('</svg>')).toBe(true);
    }
  });
});
