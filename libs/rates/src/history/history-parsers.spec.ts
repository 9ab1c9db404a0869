import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RateDecimal } from '../decimal';
import { parseCoinGeckoMarketChart } from './coingecko-market-chart';
import { parseBinanceKlines, parseCoinbaseCandles } from './exchange-candles';
import { frankfurterKeptDigits } from '../providers/frankfurter-provider';
import { bestPerUsd, parseFrankfurterRange } from './frankfurter-range';

const sample = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(__dirname, '../../testing/provider-samples', name), 'utf8'));

describe('Frankfurter v2 ranges', () => {
  it('reads the published range sample, one row per quote and day, in order', () => {
    const rows = parseFrankfurterRange(
      sample('frankfurter-v2-range-base-USD.json'),
      'USD',
      '2026-04-09',
      '2026-04-13',
    );
    expect(rows).toHaveLength(15);
    expect(rows.at(-1)).toEqual({
      date: '2026-04-13',
      quote: 'JPY',
      rate: new RateDecimal('159.83'),
      digits: 5,
    });
    expect(() =>
      parseFrankfurterRange(sample('frankfurter-v2-range-base-USD.json'), 'EUR', '2026-04-09', '2026-04-13'),
    ).toThrow('a row has base "USD", not EUR');
    expect(() =>
      parseFrankfurterRange(sample('frankfurter-v2-range-base-USD.json'), 'USD', '2026-04-10', '2026-04-13'),
    ).toThrow('outside 2026-04-10..2026-04-13');
    expect(() =>
      parseFrankfurterRange({ status: 422, message: 'invalid date' }, 'USD', '2026-04-09', '2026-04-13'),
    ).toThrow('not an array');
  });

  it.each([
    ['0.00022', 2],
    ['0.85587', 5],
    ['0.745', 5],
    ['159.83', 5],
    ['17188', 5],
    ['3890.04', 6],
    ['4545.12', 6],
    ['52401234', 8],
    ['68.117', 5],
    ['12.3456', 6],
  ])('Frankfurter’s rounding keeps %s to %i significant digits', (value, digits) => {
    expect(frankfurterKeptDigits(new RateDecimal(value))).toBe(digits);
  });

  it('takes each close from the base that keeps more digits: metals and EUR through XAU, ≥ 6', () => {
    // USD→XAU comes back as 0.00022 (2 digits); per XAU the same day: USD 4545.12, EUR 3890.04.
    const direct = parseFrankfurterRange(
      [
        { date: '2026-04-13', base: 'USD', quote: 'EUR', rate: 0.85587 },
        { date: '2026-04-13', base: 'USD', quote: 'XAU', rate: 0.00022 },
        { date: '2026-04-13', base: 'USD', quote: 'XPT', rate: 0.00054 },
      ],
      'USD',
      '2026-04-13',
      '2026-04-13',
    );
    const viaXau = parseFrankfurterRange(
      sample('frankfurter-v2-latest-base-XAU.json'),
      'XAU',
      '2026-04-13',
      '2026-04-13',
    );
    const best = bestPerUsd(direct, 'XAU', viaXau).get('2026-04-13')!;
    expect(best.get('XAU')).toEqual({ perUsd: new RateDecimal('0.000220016'), digits: 6 });
    // EUR: 3890.04 ÷ 4545.12, six digits where base USD gave five (0.85587).
    expect(best.get('EUR')).toEqual({ perUsd: new RateDecimal('0.855872'), digits: 6 });
    // XPT per XAU keeps 5 digits (2.4342), more than USD→XPT's 2.
    expect(best.get('XPT')).toEqual({ perUsd: new RateDecimal('0.00053556'), digits: 5 });
    for (const { perUsd, digits } of best.values()) expect(perUsd.sd()).toBeLessThanOrEqual(digits);
  });
});

describe('exchange candles', () => {
  it('reads Binance’s daily klines sample: 00:00 UTC days, closes as written', () => {
    const klines = parseBinanceKlines(sample('binance-klines-BTCUSDT-1d.json'));
    expect(klines.map(({ day }) => day)).toEqual([
      '2026-09-24',
      '2026-09-25',
      '2026-09-26',
      '2026-09-27',
      '2026-09-28',
    ]);
    expect(klines[0].close.toString()).toBe('82105.47');
    expect(() =>
      parseBinanceKlines([[1790208000001, '1', '1', '1', '1', '1', 1, '1', 1, '1', '1', '0']]),
    ).toThrow('not 00:00 UTC');
    expect(() => parseBinanceKlines({ code: -1121, msg: 'Invalid symbol.' })).toThrow('not an array');
  });

  it('reads Coinbase’s daily candles sample, newest first, as oldest first', () => {
    const candles = parseCoinbaseCandles(sample('coinbase-candles-BTC-USD-86400.json'));
    expect(candles.map(({ day }) => day)).toEqual([
      '2026-09-24',
      '2026-09-25',
      '2026-09-26',
      '2026-09-27',
      '2026-09-28',
    ]);
    expect(candles.at(-1)!.close.toString()).toBe('82881.37');
    expect(() => parseCoinbaseCandles([[1790553600, 1, 1, 1, '82881.37', 1]])).toThrow('not a number');
  });
});

describe('CoinGecko market chart ranges', () => {
  // 2026-09-25 … 2026-09-27 00:00 UTC, then the live price CoinGecko appends when `to` is now.
  const chart = {
    prices: [
      [1790294400000, 171.2345],
      [1790380800000, 169.87],
      [1790467200000, 0.000012345],
      [1790470865123, 170.01],
    ],
    market_caps: [[1790294400000, 3.1e9]],
    total_volumes: [[1790294400000, 8.2e7]],
  };

  it('reads each 00:00 UTC price as the close of the day before it, as written, and passes over other times', () => {
    const closes = parseCoinGeckoMarketChart(chart);
    expect(closes.map(({ day, close }) => `${day} ${close.toString()}`)).toEqual([
      '2026-09-24 171.2345',
      '2026-09-25 169.87',
      '2026-09-26 0.000012345',
    ]);
    expect(parseCoinGeckoMarketChart({ prices: [], market_caps: [], total_volumes: [] })).toEqual([]);
  });

  it('refuses a page of any other shape or with a price that is not a positive number', () => {
    expect(() => parseCoinGeckoMarketChart({ error: 'coin not found' })).toThrow('without a prices array');
    expect(() =>
      parseCoinGeckoMarketChart({ status: { error_code: 429, error_message: 'rate limited' } }),
    ).toThrow('without a prices array');
    expect(() => parseCoinGeckoMarketChart({ ...chart, total_volumes: {} })).toThrow('not an array');
    expect(() => parseCoinGeckoMarketChart({ prices: [[1790294400000]] })).toThrow('not a price point');
    expect(() => parseCoinGeckoMarketChart({ prices: [['1790294400000', 1]] })).toThrow('not a price point');
    expect(() => parseCoinGeckoMarketChart({ prices: [[1790294400000, '171.2']] })).toThrow('not a number');
    expect(() => parseCoinGeckoMarketChart({ prices: [[1790294400000, null]] })).toThrow('not a number');
    expect(() => parseCoinGeckoMarketChart({ prices: [[1790294400000, 0]] })).toThrow('zero');
    expect(() => parseCoinGeckoMarketChart({ prices: [[1790294400000, -3]] })).toThrow('negative');
  });
});
