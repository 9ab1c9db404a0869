import { describeRateSource, formatRateDay, formatRateInstant } from './rate-source';

describe('describeRateSource', () => {
  it('labels the bundled snapshot as demo rates with its day', () => {
    expect(
      describeRateSource({
        source: 'bundled-snapshot',
        date: '2026-09-29',
        timestamp: '2026-09-29T00:00:00.000Z',
      }),
    ).toBe('Demo rates (bundled snapshot) of 29 Sep 2026');
    expect(
      describeRateSource({
        source: 'bundled-snapshot',
        date: '2026-09-29',
        timestamp: '2026-09-29T00:00:00.000Z',
        stale: true,
      }),
    ).toBe('Demo rates (bundled snapshot) of 29 Sep 2026');
  });

  it("gives ECB's fix in Frankfurt time, CET in winter and CEST in summer", () => {
    expect(
      describeRateSource({ source: 'ecb', date: '2026-11-20', timestamp: '2026-11-20T15:00:00.000Z' }),
    ).toBe('Rates from ECB, 20 Nov 2026 16:00 CET');
    expect(
      describeRateSource({ source: 'ecb', date: '2026-07-01', timestamp: '2026-07-01T14:00:00.000Z' }),
    ).toBe('Rates from ECB, 1 Jul 2026 16:00 CEST');
  });

  it('names every source of a cross rate, in UTC unless all publish on Frankfurt time', () => {
    expect(
      describeRateSource({
        source: 'ecb,coingecko',
        date: '2026-11-20',
        timestamp: '2026-11-20T15:00:00.000Z',
      }),
    ).toBe('Rates from ECB and CoinGecko, 20 Nov 2026 15:00 UTC');
    expect(
      describeRateSource({
        source: 'oxr,binance,bundled-snapshot',
        date: '2026-09-29',
        timestamp: '2026-09-29T14:05:00.000Z',
      }),
    ).toBe('Rates from Open Exchange Rates, Binance and the bundled snapshot, 29 Sep 2026 14:05 UTC');
  });

  it('marks delayed data and a closed market', () => {
    const friday = { source: 'ecb', date: '2026-11-20', timestamp: '2026-11-20T15:00:00.000Z' };
    expect(describeRateSource({ ...friday, stale: true })).toBe(
      'Rates from ECB, 20 Nov 2026 16:00 CET (delayed)',
    );
    expect(describeRateSource({ ...friday, marketClosed: true })).toBe(
      'Rates from ECB, 20 Nov 2026 16:00 CET (market closed)',
    );
  });
});

describe('formatting days and instants', () => {
  it('leaves unreadable input as it is', () => {
    expect(formatRateDay('soon')).toBe('soon');
    expect(formatRateInstant('soon', true)).toBe('soon');
  });

  it('switches CET to CEST on the last Sunday of March', () => {
    expect(formatRateInstant('2026-03-29T00:30:00.000Z', true)).toBe('29 Mar 2026 01:30 CET');
    expect(formatRateInstant('2026-03-29T01:30:00.000Z', true)).toBe('29 Mar 2026 03:30 CEST');
  });
});
