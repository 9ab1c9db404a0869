import { convert, crossRate, displayRate, RateUnavailableError } from './convert';
import { RateDecimal } from './decimal';
import { createRatesTable, type RatesTable } from './rates-table';

function table(rates: Record<string, string>): RatesTable {
  return createRatesTable({
    source: 'test',
    date: '2026-01-02',
    timestamp: '2026-01-02T00:00:00.000Z',
    perUsd: new Map(Object.entries(rates).map(([code, rate]) => [code, new RateDecimal(rate)])),
  });
}

const t = table({
  EUR: '0.8',
  GBP: '0.75',
  JPY: '157.47729333',
  KWD: '0.30871186',
  BTC: '0.000012017405',
  VES: '856.79508184',
});
const d = (value: string) => new RateDecimal(value);

describe('crossRate', () => {
  it('goes through the USD pivot: to/USD ÷ from/USD', () => {
    expect(crossRate(t, 'EUR', 'GBP').toString()).toBe('0.9375');
    expect(crossRate(t, 'USD', 'EUR').toString()).toBe('0.8');
    expect(crossRate(t, 'EUR', 'USD').toString()).toBe('1.25');
  });

  it('treats a missing rate as an error, never as 1', () => {
    expect(() => crossRate(t, 'USD', 'CHF')).toThrow(RateUnavailableError);
    expect(() => crossRate(t, 'CHF', 'USD')).toThrow(new RateUnavailableError('CHF'));
  });
});

describe('convert', () => {
  it('rounds only the final result, half-even, to the given decimals', () => {
    const ties = table({ AAA: '1', BBB: '1.00005', CCC: '1.00015' });
    expect(convert(ties, 'AAA', 'BBB', d('1'), 4).result.toFixed(4)).toBe('1.0000');
    expect(convert(ties, 'AAA', 'CCC', d('1'), 4).result.toFixed(4)).toBe('1.0002');
    // 3 × 1.00005 = 3.00015 → tie → even neighbour 3.0002
    expect(convert(ties, 'AAA', 'BBB', d('3'), 4).result.toFixed(4)).toBe('3.0002');
  });

  it('uses 8 decimals for crypto and keeps tiny results', () => {
    const { result } = convert(t, 'USD', 'BTC', d('100'), 8);
    expect(result.toFixed(8)).toBe('0.00120174');
    expect(convert(t, 'USD', 'BTC', d('0.01'), 8).result.toFixed(8)).toBe('0.00000012');
  });

  it('converts huge amounts without losing digits', () => {
    const { result } = convert(t, 'USD', 'JPY', d('1000000000000000'), 4);
    expect(result.toFixed(4)).toBe('157477293330000000.0000');
    const back = convert(t, 'BTC', 'VES', d('123456789.12345678'), 8).result;
    // 123456789.12345678 × 856.79508184 / 0.000012017405, computed with Python's decimal at 50 digits
    expect(back.toFixed(8)).toBe('8801997581069771.19301570');
  });

  it('handles extreme pairs such as VES→BTC and JPY→KWD', () => {
    expect(convert(t, 'VES', 'BTC', d('1'), 8).result.toFixed(8)).toBe('0.00000001');
    expect(convert(t, 'JPY', 'KWD', d('1000'), 4).result.toFixed(4)).toBe('1.9604');
  });

  it('converts zero to zero', () => {
    expect(convert(t, 'EUR', 'GBP', d('0'), 4).result.toFixed(4)).toBe('0.0000');
  });
});

describe('displayRate', () => {
  it('keeps 10 significant digits at any magnitude', () => {
    expect(displayRate(crossRate(t, 'VES', 'BTC')).toString()).toBe('0.00000001402599671');
    expect(displayRate(crossRate(t, 'BTC', 'VES')).toString()).toBe('71296180.98');
  });
});

describe('convert with a metal side in grams or kilograms', () => {
  // Gold at 4 000 USD per troy ounce, silver at 50.
  const metals = table({ XAU: '0.00025', XAG: '0.02', EUR: '0.8', PAXG: '0.0002' });

  it('reads a metal `from` in the unit: 31.1034768 g of gold are exactly one troy ounce', () => {
    expect(convert(metals, 'XAU', 'USD', d('31.1034768'), 8, 'g').result.toFixed(8)).toBe('4000.00000000');
    expect(convert(metals, 'XAU', 'USD', d('1'), 8, 'ozt').result.toFixed(8)).toBe('4000.00000000');
    const kilogram = convert(metals, 'XAU', 'USD', d('1'), 8, 'kg');
    expect(kilogram.result.toFixed(8)).toBe('128602.98627451');
    expect(kilogram.rateText).toBe('128602.9863');
  });

  it('counts a metal `to` in the unit', () => {
    expect(convert(metals, 'USD', 'XAU', d('4000'), 8, 'g').result.toFixed(8)).toBe('31.10347680');
    expect(convert(metals, 'USD', 'XAU', d('4000'), 8, 'kg').result.toFixed(8)).toBe('0.03110348');
    const perGram = convert(metals, 'USD', 'XAU', d('1'), 8, 'g');
    expect(perGram.rate.toString()).toBe('0.0077758692');
    expect(perGram.result.toFixed(8)).toBe('0.00777587');
  });

  it('between two metals measures both sides in the unit, which leaves the rate as it is', () => {
    for (const unit of ['ozt', 'g', 'kg'] as const) {
      const gold = convert(metals, 'XAU', 'XAG', d('2'), 8, unit);
      expect([gold.rateText, gold.result.toFixed(8)]).toEqual(['80', '160.00000000']);
    }
  });

  it('never serves tokenised gold as gold, nor gold as the token', () => {
    const tokenOnly = table({ PAXG: '0.00025' });
    expect(() => convert(tokenOnly, 'XAU', 'USD', d('1'), 8)).toThrow(new RateUnavailableError('XAU'));
    const goldOnly = table({ XAU: '0.00025' });
    expect(() => convert(goldOnly, 'USD', 'PAXG', d('1'), 8)).toThrow(new RateUnavailableError('PAXG'));
    expect(convert(metals, 'PAXG', 'USD', d('1'), 8).rateText).toBe('5000');
    expect(convert(metals, 'XAU', 'USD', d('1'), 8).rateText).toBe('4000');
  });
});
