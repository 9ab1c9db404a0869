import { ProviderStandIn, sample } from '../../testing/provider-stand-in';
import { binanceProvider, parseBinancePrices } from './binance-provider';
import { addCoinbaseTicker, coinbaseProvider } from './coinbase-provider';
import { ObservationList } from './provider-values';
import { coinGeckoProvider, parseCoinGeckoPrices } from './coingecko-provider';
import { retryAfterMs } from './provider-http';

describe('crypto providers', () => {
  let standIn: ProviderStandIn;
  const settings = () => ({ baseUrl: standIn.url, timeoutMs: 2000 });
  beforeAll(async () => {
    standIn = await ProviderStandIn.start();
    standIn.cryptoTime = '2026-11-22T10:00:00.000Z';
  });
  afterAll(() => standIn.close());
  afterEach(() => {
    for (const route of ['/api/v3/simple/price', '/api/v3/ticker/price', '/products/'] as const) {
      standIn.fault(route, null);
    }
    standIn.cryptoUsd = { BTC: '83212.64', ETH: '2666.20', SOL: '142.5' };
  });

  describe('CoinGecko /api/v3/simple/price', () => {
    it('asks by coin id with the demo key header and inverts USD prices', async () => {
      const gecko = coinGeckoProvider({ ...settings(), apiKey: 'demo-key' });
      const result = await gecko.fetchLatest({ symbols: ['BTC', 'ETH', 'NOPE'] });
      const request = standIn.requestsTo('/api/v3/simple/price').at(-1)!;
      expect(request.query.get('ids')).toBe('bitcoin,ethereum');
      expect(request.query.get('vs_currencies')).toBe('usd');
      expect(request.headers['x-cg-demo-api-key']).toBe('demo-key');
      // 1 / 83212.64 and 1 / 2666.2, by hand.
      expect(
        result.observations.map((o) => [o.currency, o.quote, o.rate.toSignificantDigits(12).toString()]),
      ).toEqual([
        ['BTC', 'USD', '0.0000120174050481'],
        ['ETH', 'USD', '0.000375065636486'],
      ]);
      expect(result.observations[0]).toMatchObject({
        observedAt: '2026-11-22T10:00:00.000Z',
        day: '2026-11-22',
      });
    });

    it('sends no key header without a key, and refuses zero, negative, non-numeric and missing prices', async () => {
      standIn.cryptoUsd = { BTC: '0', ETH: -5, SOL: 'abc' };
      const result = await coinGeckoProvider(settings()).fetchLatest({
        symbols: ['BTC', 'ETH', 'SOL', 'ADA'],
      });
      expect(standIn.requestsTo('/api/v3/simple/price').at(-1)!.headers['x-cg-demo-api-key']).toBeUndefined();
      expect(result.observations).toEqual([]);
      expect(result.rejected.map((r) => [r.currency, r.reason])).toEqual([
        ['BTC', 'zero'],
        ['ETH', 'negative: -5'],
        ['SOL', 'not a number: "abc"'],
        ['ADA', 'no price for cardano'],
      ]);
    });

    it('refuses a coin whose last_updated_at is unreadable or ahead of our clock, alone', () => {
      const now = Date.parse('2026-09-29T00:01:00Z');
      const parsed = parseCoinGeckoPrices(
        {
          bitcoin: { usd: 83212.64, last_updated_at: 1790640000 },
          ethereum: { usd: 2510.2, last_updated_at: 1e20 },
          solana: { usd: 140.1, last_updated_at: 1790640000 + 3600 },
          cardano: { usd: 0.6 },
        },
        [
          { code: 'BTC', market: 'bitcoin' },
          { code: 'ETH', market: 'ethereum' },
          { code: 'SOL', market: 'solana' },
          { code: 'ADA', market: 'cardano' },
        ],
        now,
      );
      expect(parsed.observations.map((o) => [o.currency, o.observedAt])).toEqual([
        ['BTC', '2026-09-29T00:00:00.000Z'],
        ['ADA', '2026-09-29T00:01:00.000Z'],
      ]);
      expect(parsed.rejected.map((r) => [r.currency, r.reason])).toEqual([
        ['ETH', 'implausible time: 100000000000000000000'],
        ['SOL', 'implausible time: 1790643600'],
      ]);
    });

    it('reads the sample with extra fields and reports its 429 as rate-limited', async () => {
      const parsed = parseCoinGeckoPrices(
        JSON.parse(sample('coingecko-simple-price.json')),
        [{ code: 'BTC', market: 'bitcoin' }],
        Date.parse('2026-09-29T00:01:00Z'),
      );
      expect(parsed.observations[0].observedAt).toBe('2026-09-29T00:00:00.000Z');
      standIn.fault('/api/v3/simple/price', {
        status: 429,
        body: sample('coingecko-error-429.json'),
        headers: { 'retry-after': '30' },
      });
      await expect(coinGeckoProvider(settings()).fetchLatest({ symbols: ['BTC'] })).rejects.toMatchObject({
        provider: 'coingecko',
        failure: 'rate-limited',
        details: { retryAfterMs: 30_000 },
      });
    });
  });

  describe('Binance /api/v3/ticker/price', () => {
    it('asks for the known USDT pairs only and gives prices per USDT', async () => {
      const result = await binanceProvider(settings()).fetchLatest({
        symbols: ['BTC', 'ETH', 'USDT', 'NOPE'],
      });
      expect(JSON.parse(standIn.requestsTo('/api/v3/ticker/price').at(-1)!.query.get('symbols')!)).toEqual([
        'BTCUSDT',
        'ETHUSDT',
      ]);
      expect(
        result.observations.map((o) => [o.currency, o.quote, o.rate.toSignificantDigits(12).toString()]),
      ).toEqual([
        ['BTC', 'USDT', '0.0000120174050481'],
        ['ETH', 'USDT', '0.000375065636486'],
      ]);
    });

    it('reads every ticker when Binance refuses the list for one unknown pair (-1121)', async () => {
      standIn.cryptoUsd = { BTC: '83212.64' }; // ETHUSDT unknown, as after a delisting
      const before = standIn.requestsTo('/api/v3/ticker/price').length;
      const result = await binanceProvider(settings()).fetchLatest({ symbols: ['BTC', 'ETH'] });
      const asked = standIn.requestsTo('/api/v3/ticker/price').slice(before);
      expect(asked.map((r) => r.query.has('symbols'))).toEqual([true, false]);
      expect(result.observations.map((o) => o.currency)).toEqual(['BTC']);
      expect(result.rejected).toEqual([{ currency: 'ETH', raw: undefined, reason: 'no ticker ETHUSDT' }]);
    });

    it('reports a 5xx and a 418/429 ban with Retry-After; refuses a missing ticker', async () => {
      standIn.fault('/api/v3/ticker/price', { status: 502, body: 'Bad Gateway' });
      await expect(binanceProvider(settings()).fetchLatest({ symbols: ['BTC'] })).rejects.toMatchObject({
        failure: 'http',
        details: { status: 502 },
      });
      standIn.fault('/api/v3/ticker/price', { status: 418, headers: { 'retry-after': '600' } });
      await expect(binanceProvider(settings()).fetchLatest({ symbols: ['BTC'] })).rejects.toMatchObject({
        failure: 'rate-limited',
        details: { retryAfterMs: 600_000 },
      });
      const partial = parseBinancePrices(
        JSON.parse(sample('binance-ticker-price-symbols.json')),
        [
          { code: 'BTC', market: 'BTCUSDT' },
          { code: 'SOL', market: 'SOLUSDT' },
        ],
        '2026-11-22T10:00:00.000Z',
      );
      expect(partial.observations.map((o) => o.currency)).toEqual(['BTC']);
      expect(partial.rejected).toEqual([{ currency: 'SOL', raw: undefined, reason: 'no ticker SOLUSDT' }]);
      expect(() => parseBinancePrices(JSON.parse(sample('binance-error-400-1121.json')), [], '')).toThrow(
        /Invalid symbol/,
      );
    });
  });

  describe('Coinbase /products/{id}/ticker', () => {
    it('reads one ticker per product at its trade time; a 404 refuses that asset only', async () => {
      const result = await coinbaseProvider(settings()).fetchLatest({
        symbols: ['BTC', 'ETH', 'ADA', 'BNB'],
      });
      expect(result.observations.map((o) => [o.currency, o.quote, o.observedAt])).toEqual(
        expect.arrayContaining([
          ['BTC', 'USD', '2026-11-22T10:00:00.000Z'],
          ['ETH', 'USD', '2026-11-22T10:00:00.000Z'],
        ]),
      );
      expect(result.rejected).toEqual([
        { currency: 'ADA', raw: { message: 'NotFound' }, reason: 'no such product on Coinbase' },
      ]);
      // BNB is not listed on Coinbase: never asked.
      expect(standIn.requestsTo('/products/BNB-USD')).toEqual([]);
    });

    it('refuses a ticker without a usable time alone, keeping the others', () => {
      const list = new ObservationList('USD');
      const now = Date.parse('2026-11-22T10:00:30Z');
      addCoinbaseTicker(list, 'BTC', 200, { price: '83212.64', time: '2026-11-22T10:00:00Z' }, now);
      addCoinbaseTicker(list, 'ETH', 200, { price: '2510.2', time: 'yesterday' }, now);
      addCoinbaseTicker(list, 'SOL', 200, { price: '140.1' }, now);
      addCoinbaseTicker(list, 'ADA', 200, { price: '0.6', time: '2027-01-01T00:00:00Z' }, now);
      expect(list.observations.map((o) => o.currency)).toEqual(['BTC']);
      expect(list.rejected.map((r) => [r.currency, r.reason])).toEqual([
        ['ETH', 'unreadable time: "yesterday"'],
        ['SOL', 'no time'],
        ['ADA', 'implausible time: "2027-01-01T00:00:00Z"'],
      ]);
    });

    it('fails the whole fetch on garbage or a 429', async () => {
      standIn.fault('/products/', 'garbage');
      await expect(coinbaseProvider(settings()).fetchLatest({ symbols: ['BTC'] })).rejects.toMatchObject({
        failure: 'malformed',
      });
      standIn.fault('/products/', { status: 429, body: '{"message":"Public rate limit exceeded"}' });
      await expect(coinbaseProvider(settings()).fetchLatest({ symbols: ['BTC'] })).rejects.toMatchObject({
        failure: 'rate-limited',
      });
    });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Sun, 22 Nov 2026 10:01:30 GMT', now)).toBe(90_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
    // A ban for days (Binance's 418) or a bogus figure: we ask again within the hour.
    expect(retryAfterMs('259200', now)).toBe(3_600_000);
    expect(retryAfterMs('Sun, 29 Nov 2026 10:00:00 GMT', now)).toBe(3_600_000);
  });
});
