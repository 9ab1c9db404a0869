import { describeRateSource, formatRateDay } from './rate-source';

describe('describeRateSource', () => {
  it('labels the bundled snapshot as demo rates with its day', () => {
    expect(
      describeRateSource({
        source: 'bundled-snapshot',
        date: '2026-09-29',
        timestamp: '2026-09-29T00:00:00.000Z',
      }),
    ).toBe('Demo rates (bundled snapshot) of 29 Sep 2026');
  });

  it('names live providers with the time of the rate', () => {
    expect(
      describeRateSource({ source: 'coingecko', date: '2026-09-29', timestamp: '2026-09-29T14:05:00.000Z' }),
    ).toBe('Rates from CoinGecko as of 29 Sep 2026, 14:05 UTC');
  });

  it('marks stale data', () => {
    expect(
      describeRateSource({
        source: 'ecb',
        date: '2026-09-28',
        timestamp: '2026-09-28T16:00:00.000Z',
        stale: true,
      }),
    ).toBe('Rates from ECB reference rates as of 28 Sep 2026, 16:00 UTC (delayed)');
  });
});

describe('formatRateDay', () => {
  it('leaves unreadable input as it is', () => {
    expect(formatRateDay('soon')).toBe('soon');
  });
});
