import { ProviderStandIn, sample } from '../../testing/provider-stand-in';
import { frankfurterProvider, parseFrankfurterLatest } from './frankfurter-provider';
import { oxrProvider, parseOxrLatest } from './oxr-provider';

describe('Frankfurter and Open Exchange Rates', () => {
  let standIn: ProviderStandIn;
  beforeAll(async () => {
    standIn = await ProviderStandIn.start();
  });
  afterAll(() => standIn.close());

  describe('Frankfurter /v1/latest?base=USD', () => {
    const frankfurter = () => frankfurterProvider({ baseUrl: standIn.url, timeoutMs: 2000 });

    it('reads per-USD rates stamped at the ECB fix of their date', async () => {
      const result = await frankfurter().fetchLatest({ symbols: ['EUR', 'GBP', 'JPY'] });
      expect(
        result.observations.map((o) => [o.currency, o.quote, o.rate.toString(), o.day, o.observedAt]),
      ).toEqual([
        ['EUR', 'USD', '0.85587', '2026-04-13', '2026-04-13T14:00:00.000Z'],
        ['GBP', 'USD', '0.7451', '2026-04-13', '2026-04-13T14:00:00.000Z'],
      ]);
      expect(standIn.requestsTo('/v1/latest').at(-1)!.query.get('base')).toBe('USD');
    });

    it('refuses bad values one by one and a wrong shape as a whole', () => {
      const body = { amount: 1, base: 'USD', date: '2026-04-13', rates: { EUR: 0, GBP: 'x', CHF: 0.79 } };
      const result = parseFrankfurterLatest(body, ['EUR', 'GBP', 'CHF']);
      expect(result.observations.map((o) => o.currency)).toEqual(['CHF']);
      expect(result.rejected.map((r) => r.reason)).toEqual(['zero', 'not a number: "x"']);
      expect(() => parseFrankfurterLatest({ ...body, base: 'EUR' }, ['CHF'])).toThrow(/base/);
      expect(() => parseFrankfurterLatest(JSON.parse(sample('frankfurter-error-404.json')), [])).toThrow(
        expect.objectContaining({ failure: 'malformed' }),
      );
    });

    it('reports a 404 and a 429 with the wait it asks for', async () => {
      standIn.fault('/v1/latest', { status: 404, body: sample('frankfurter-error-404.json') });
      await expect(frankfurter().fetchLatest({ symbols: ['EUR'] })).rejects.toMatchObject({
        provider: 'frankfurter',
        failure: 'http',
        details: { status: 404 },
      });
      standIn.fault('/v1/latest', { status: 429, headers: { 'retry-after': '120' } });
      await expect(frankfurter().fetchLatest({ symbols: ['EUR'] })).rejects.toMatchObject({
        failure: 'rate-limited',
        details: { status: 429, retryAfterMs: 120_000 },
      });
      standIn.fault('/v1/latest', null);
    });
  });

  describe('Open Exchange Rates /api/latest.json', () => {
    it('sends the app id and reads the per-USD rates at their timestamp', async () => {
      const oxr = oxrProvider({ baseUrl: standIn.url, timeoutMs: 2000, apiKey: standIn.oxrAppId });
      const result = await oxr.fetchLatest({ symbols: ['EUR', 'GBP', 'USD', 'XYZ'] });
      expect(result.observations.map((o) => [o.currency, o.rate.toString()])).toEqual([
        ['EUR', '0.855871'],
        ['GBP', '0.745104'],
      ]);
      // The sample's timestamp: 1776088800 seconds.
      expect(result.observations[0]).toMatchObject({
        observedAt: '2026-04-13T14:00:00.000Z',
        day: '2026-04-13',
      });
      expect(standIn.requestsTo('/api/latest.json').at(-1)!.query.get('app_id')).toBe(standIn.oxrAppId);
    });

    it('reports an invalid app id as an auth failure without putting the id in the message', async () => {
      const oxr = oxrProvider({ baseUrl: standIn.url, timeoutMs: 2000, apiKey: 'wrong-secret-id' });
      const failure = await oxr.fetchLatest({ symbols: ['EUR'] }).catch((e: Error) => e);
      expect(failure).toMatchObject({ provider: 'oxr', failure: 'auth', details: { status: 401 } });
      expect((failure as Error).message).toContain('invalid_app_id');
      expect((failure as Error).message).not.toContain('wrong-secret-id');
    });

    it('reads an error body even when it comes with a 200, and refuses bad values', () => {
      expect(() => parseOxrLatest(JSON.parse(sample('oxr-error-401.json')), ['EUR'])).toThrow(
        expect.objectContaining({ failure: 'auth' }),
      );
      const result = parseOxrLatest({ base: 'USD', timestamp: 1776088800, rates: { EUR: -1, GBP: null } }, [
        'EUR',
        'GBP',
      ]);
      expect(result.observations).toEqual([]);
      expect(result.rejected.map((r) => r.reason)).toEqual(['negative: -1', 'missing']);
      expect(() => parseOxrLatest({ base: 'USD', timestamp: 'soon', rates: {} }, [])).toThrow(/timestamp/);
      // A timestamp in milliseconds (a unit mistake) reads as the year 58 000: refused, not a crash.
      expect(() => parseOxrLatest({ base: 'USD', timestamp: 1776088800000, rates: {} }, [])).toThrow(
        expect.objectContaining({
          failure: 'malformed',
          message: expect.stringContaining('implausible time'),
        }),
      );
    });
  });
});
