import { describeRateSource, formatRateDay, formatRateInstant, isIntradaySource } from './rate-source';

describe('describeRateSource', () => {
  it('labels the bundled snapshot as demo rates with its day', () => {
    expect(
      describeRateSource({
        source: 'bundled-snapshot',
        date: '2026-09-29',
        timestamp: '2026-09-29T00:00:00.000Z',
      }),
    ).toBe('Demo rates (bundled snapshot) of September 29, 2026');
    expect(
      describeRateSource({
        source: 'bundled-snapshot',
        date: '2026-09-29',
        timestamp: '2026-09-29T00:00:00.000Z',
        stale: true,
      }),
    ).toBe('Demo rates (bundled snapshot) of September 29, 2026');
  });

  it("gives ECB's fix in Frankfurt time, CET in winter and CEST in summer", () => {
    expect(
      describeRateSource({ source: 'ecb', date: '2026-11-20', timestamp: '2026-11-20T15:00:00.000Z' }),
    ).toBe('ECB reference rate · November 20, 2026, 16:00 CET');
    expect(
      describeRateSource({ source: 'ecb', date: '2026-07-01', timestamp: '2026-07-01T14:00:00.000Z' }),
    ).toBe('ECB reference rate · July 1, 2026, 16:00 CEST');
  });

  it('gives a source that publishes more than daily as an age', () => {
    const now = Date.parse('2026-11-28T12:00:12.400Z');
    const coinbase = { source: 'coinbase', date: '2026-11-28', timestamp: '2026-11-28T12:00:00.000Z' };
    expect(describeRateSource(coinbase, now)).toBe('Coinbase · 12 s ago');
    expect(describeRateSource({ ...coinbase, source: 'coingecko,binance' }, now + 3 * 60_000)).toBe(
      'CoinGecko and Binance · 3 min ago',
    );
    // A browser clock a little behind the server's.
    expect(describeRateSource(coinbase, Date.parse('2026-11-28T11:59:59.000Z'))).toBe('Coinbase · just now');
    expect(isIntradaySource('oxr')).toBe(true);
    expect(isIntradaySource('ecb')).toBe(false);
    expect(isIntradaySource('bundled-snapshot')).toBe(false);
    expect(isIntradaySource('who-knows')).toBe(false);
  });

  it('names every source of a cross rate, at the oldest time, in UTC unless all publish on Frankfurt time', () => {
    expect(
      describeRateSource({
        source: 'ecb,coingecko',
        date: '2026-11-20',
        timestamp: '2026-11-20T15:00:00.000Z',
      }),
    ).toBe('ECB reference rate and CoinGecko · November 20, 2026, 15:00 UTC');
    expect(
      describeRateSource({
        source: 'oxr,binance,bundled-snapshot',
        date: '2026-09-29',
        timestamp: '2026-09-29T14:05:00.000Z',
      }),
    ).toBe('Open Exchange Rates, Binance and the bundled snapshot · September 29, 2026, 14:05 UTC');
    expect(
      describeRateSource({ source: 'mystery', date: '2026-09-29', timestamp: '2026-09-29T14:05:00.000Z' }),
    ).toBe('mystery · September 29, 2026, 14:05 UTC');
  });

  it('marks delayed data and a closed market', () => {
    const friday = { source: 'ecb', date: '2026-11-20', timestamp: '2026-11-20T15:00:00.000Z' };
    expect(describeRateSource({ ...friday, stale: true })).toBe(
      'ECB reference rate · November 20, 2026, 16:00 CET · delayed',
    );
    expect(describeRateSource({ ...friday, marketClosed: true })).toBe(
      'ECB reference rate · November 20, 2026, 16:00 CET · market closed',
    );
    const now = Date.parse('2026-11-28T12:00:00.000Z');
    expect(
      describeRateSource(
        { source: 'binance', date: '2026-11-26', timestamp: '2026-11-26T10:00:00.000Z', stale: true },
        now,
      ),
    ).toBe('Binance · 2 d 2 h ago · delayed');
  });
});

describe('formatting days and instants', () => {
  it('leaves unreadable input as it is', () => {
    expect(formatRateDay('soon')).toBe('soon');
    expect(formatRateInstant('soon', true)).toBe('soon');
  });

  it('switches CET to CEST on the last Sunday of March', () => {
    expect(formatRateInstant('2026-03-29T00:30:00.000Z', true)).toBe('March 29, 2026, 01:30 CET');
    expect(formatRateInstant('2026-03-29T01:30:00.000Z', true)).toBe('March 29, 2026, 03:30 CEST');
  });
});
