import { ecbDailyXml, ProviderStandIn } from '../../testing/provider-stand-in';
import { ecbFixInstant } from './ecb-fix-time';
import { ecbProvider, parseEcbDaily } from './ecb-provider';
import { ProviderError } from './provider-error';

describe('ECB daily reference rates', () => {
  let standIn: ProviderStandIn;
  beforeAll(async () => {
    standIn = await ProviderStandIn.start();
  });
  afterAll(() => standIn.close());
  const ecb = () => ecbProvider({ baseUrl: standIn.url, timeoutMs: 2000 });

  it('turns the per-EUR fix into per-USD values within the same fix, EUR included', async () => {
    const result = await ecb().fetchLatest({ symbols: ['EUR', 'JPY', 'GBP', 'XAU'] });
    const byCode = new Map(result.observations.map((o) => [o.currency, o]));
    expect([...byCode.keys()].sort()).toEqual(['EUR', 'GBP', 'JPY']);
    // By hand from the sample: USD 1.1684, JPY 186.75, GBP 0.87058 per EUR.
    expect(byCode.get('EUR')!.rate.toFixed(12)).toBe('0.855871276960');
    expect(byCode.get('JPY')!.rate.toFixed(10)).toBe('159.8339609723');
    expect(byCode.get('GBP')!.rate.toFixed(12)).toBe('0.745104416296');
    expect(byCode.get('EUR')).toMatchObject({
      quote: 'USD',
      day: '2026-04-13',
      observedAt: '2026-04-13T14:00:00.000Z',
    });
    expect(result.rejected).toEqual([]);
  });

  it('stamps the fix at 16:00 in Frankfurt, CET in winter and CEST in summer', () => {
    expect(ecbFixInstant('2026-11-20')).toBe('2026-11-20T15:00:00.000Z');
    expect(ecbFixInstant('2026-07-01')).toBe('2026-07-01T14:00:00.000Z');
    expect(ecbFixInstant('2026-03-27')).toBe('2026-03-27T15:00:00.000Z');
    expect(ecbFixInstant('2026-03-30')).toBe('2026-03-30T14:00:00.000Z');
  });

  it('refuses single bad rates and keeps the rest', () => {
    const xml = ecbDailyXml('2026-11-20', { USD: '1.05', JPY: '0', GBP: '-0.8', CHF: 'n/a', SEK: '11.5' });
    const result = parseEcbDaily(xml, ['JPY', 'GBP', 'CHF', 'SEK']);
    expect(result.observations.map((o) => o.currency)).toEqual(['SEK']);
    expect(result.rejected).toEqual([
      { currency: 'JPY', raw: '0', reason: 'zero' },
      { currency: 'GBP', raw: '-0.8', reason: 'negative: -0.8' },
      { currency: 'CHF', raw: 'n/a', reason: 'not a number: "n/a"' },
    ]);
  });

  it('fails the whole answer without a usable USD rate or when it is not ECB XML', () => {
    expect(() => parseEcbDaily(ecbDailyXml('2026-11-20', { JPY: '160' }), ['JPY'])).toThrow(
      expect.objectContaining({ provider: 'ecb', failure: 'malformed' }),
    );
    expect(() => parseEcbDaily(ecbDailyXml('2026-11-20', { USD: '0' }), ['JPY'])).toThrow(/USD/);
    expect(() => parseEcbDaily('{"rates":{}}', ['JPY'])).toThrow(ProviderError);
  });

  it('treats garbage, a 5xx and a hang as a failed fetch', async () => {
    const route = '/stats/eurofxref/eurofxref-daily.xml';
    standIn.fault(route, 'garbage');
    await expect(ecb().fetchLatest({ symbols: ['JPY'] })).rejects.toMatchObject({ failure: 'malformed' });
    standIn.fault(route, { status: 503, body: 'maintenance' });
    await expect(ecb().fetchLatest({ symbols: ['JPY'] })).rejects.toMatchObject({
      failure: 'http',
      details: { status: 503 },
    });
    // The stand-in never answers: only the adapter's own timeout can end the fetch (no clock is read
    // here, so a busy machine cannot fail it).
    standIn.fault(route, 'hang');
    await expect(
      ecbProvider({ baseUrl: standIn.url, timeoutMs: 200 }).fetchLatest({ symbols: ['JPY'] }),
    ).rejects.toMatchObject({ failure: 'timeout' });
    standIn.fault(route, null);
  });
});
