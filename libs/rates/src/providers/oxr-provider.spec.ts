import { ProviderStandIn, sample } from '../../testing/provider-stand-in';
import { oxrProvider, parseOxrLatest } from './oxr-provider';

describe('Open Exchange Rates', () => {
  let standIn: ProviderStandIn;
  beforeAll(async () => {
    standIn = await ProviderStandIn.start();
  });
  afterAll(() => standIn.close());

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
