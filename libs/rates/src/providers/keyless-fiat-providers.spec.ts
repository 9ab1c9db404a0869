import { FIAT } from '@fxrates/domain';
import { ProviderStandIn, sample } from '../../testing/provider-stand-in';
import {
  COINBASE_RATES_TICKER_CLASHES,
  coinbaseRatesProvider,
  parseCoinbaseRates,
} from './coinbase-rates-provider';
import { openErApiProvider, parseOpenErApiLatest } from './open-er-api-provider';

const FIAT_CODES = FIAT.map((c) => c.code);

describe("Coinbase's and ExchangeRate-API's keyless fiat rates", () => {
  let standIn: ProviderStandIn;
  beforeAll(async () => {
    standIn = await ProviderStandIn.start();
  });
  afterAll(() => standIn.close());

  describe('Coinbase /v2/exchange-rates?currency=USD', () => {
    const coinbaseRates = () => coinbaseRatesProvider({ baseUrl: standIn.url, timeoutMs: 5000 });

    it('reads the decimal strings of the sample as they are, at the time of the fetch', () => {
      const fetchedAt = '2026-08-27T10:00:00.000Z';
      const result = parseCoinbaseRates(
        JSON.parse(sample('coinbase-exchange-rates-currency-USD.json')),
        ['EUR', 'JPY', 'AED', 'USD', 'BTC'],
        fetchedAt,
      );
      expect(result.observations.map((o) => [o.currency, o.rate.toString(), o.observedAt, o.day])).toEqual([
        ['EUR', '0.859684', fetchedAt, '2026-08-27'],
        ['JPY', '159.347777', fetchedAt, '2026-08-27'],
        ['AED', '3.6725', fetchedAt, '2026-08-27'],
        // Asked for crypto it would read it: the worker asks this source for fiat only.
        ['BTC', '0.0000124349968069', fetchedAt, '2026-08-27'],
      ]);
    });

    it('never reads a ticker that clashes with an ISO code: ERN is a token there, not the nakfa', async () => {
      expect(COINBASE_RATES_TICKER_CLASHES.has('ERN')).toBe(true);
      // The stand-in answers ERN as Coinbase does: the Ethernity token, about 32 per USD.
      expect(standIn.coinbaseRates.ERN).toBe('31.9131466107');
      const result = await coinbaseRates().fetchLatest({ symbols: FIAT_CODES });
      const read = new Set(result.observations.map((o) => o.currency));
      expect(read.has('ERN')).toBe(false);
      expect(read.has('MNT')).toBe(false);
      expect(read.has('EUR')).toBe(true);
      // Every fiat code it lists but those two is read: about 150.
      expect(read.size).toBeGreaterThanOrEqual(140);
      expect(standIn.requestsTo('/v2/exchange-rates').at(-1)!.query.get('currency')).toBe('USD');
    });

    it("fails on Coinbase's error body and on another base", () => {
      expect(() =>
        parseCoinbaseRates(JSON.parse(sample('coinbase-error-400-exchange-rates-invalid-currency.json')), [
          'EUR',
        ]),
      ).toThrow(
        expect.objectContaining({ provider: 'coinbase-rates', message: expect.stringContaining('XYZ') }),
      );
      expect(() =>
        parseCoinbaseRates({ data: { currency: 'SOL', rates: { EUR: '94.2' } } }, ['EUR']),
      ).toThrow(expect.objectContaining({ failure: 'malformed' }));
    });

    it('reports its 400 as an http failure', async () => {
      standIn.fault('/v2/exchange-rates', {
        status: 400,
        body: sample('coinbase-error-400-exchange-rates-invalid-currency.json'),
      });
      try {
        await expect(coinbaseRates().fetchLatest({ symbols: ['EUR'] })).rejects.toMatchObject({
          provider: 'coinbase-rates',
          failure: 'http',
          details: { status: 400 },
        });
      } finally {
        standIn.fault('/v2/exchange-rates', null);
      }
    });
  });

  describe('ExchangeRate-API open access /v6/latest/USD', () => {
    const openErApi = () => openErApiProvider({ baseUrl: standIn.url, timeoutMs: 5000 });

    it('reads the sample per USD, stamped at its last update', () => {
      const result = parseOpenErApiLatest(
        JSON.parse(sample('open-er-api-v6-latest-USD.json')),
        ['EUR', 'ARS', 'USD', 'XYZ'],
        Date.parse('2026-04-13T12:00:00Z'),
      );
      expect(result.observations.map((o) => [o.currency, o.rate.toString(), o.observedAt, o.day])).toEqual([
        ['EUR', '0.855871', '2026-04-13T00:00:01.000Z', '2026-04-13'],
        ['ARS', '1371.5', '2026-04-13T00:00:01.000Z', '2026-04-13'],
      ]);
    });

    it('reads its whole list from the stand-in', async () => {
      const result = await openErApi().fetchLatest({ symbols: FIAT_CODES });
      expect(result.observations.length).toBeGreaterThanOrEqual(150);
      expect(result.rejected).toEqual([]);
    });

    it('fails on its error document, whatever the status, naming the error type', async () => {
      expect(() =>
        parseOpenErApiLatest(JSON.parse(sample('open-er-api-v6-latest-XYZ-error.json')), ['EUR']),
      ).toThrow(
        expect.objectContaining({
          provider: 'open-er-api',
          message: expect.stringContaining('unsupported-code'),
        }),
      );
      standIn.fault('/v6/latest/USD', { status: 404, body: sample('open-er-api-v6-latest-XYZ-error.json') });
      try {
        await expect(openErApi().fetchLatest({ symbols: ['EUR'] })).rejects.toMatchObject({
          provider: 'open-er-api',
          failure: 'http',
          message: expect.stringContaining('unsupported-code'),
        });
      } finally {
        standIn.fault('/v6/latest/USD', null);
      }
    });
  });
});
