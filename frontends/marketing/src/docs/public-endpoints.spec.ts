import { endpointUrl, methodOf, PUBLIC_ENDPOINTS } from './public-endpoints';

const endpoint = (id: string) => PUBLIC_ENDPOINTS.find((e) => e.id === id)!;

describe('endpointUrl', () => {
  it('puts path parameters in the path and the rest in the query', () => {
    expect(endpointUrl(endpoint('historical'), { date: '2024-03-15', base: 'EUR', symbols: '' })).toBe(
      '/rates/historical/2024-03-15?base=EUR',
    );
  });

  it('falls back to the examples', () => {
    expect(endpointUrl(endpoint('timeseries'))).toBe(
      '/rates/timeseries?start=2024-03-01&end=2024-03-28&base=USD&symbols=EUR%2CGBP',
    );
  });

  it('lists every public endpoint with the cheapest plan that may call it', () => {
    expect(PUBLIC_ENDPOINTS.map((e) => `${e.path} ${e.plan}`)).toEqual(
      expect.arrayContaining([
        '/rates/historical/{date} basic',
        '/rates/timeseries professional',
        '/rates/fluctuation professional',
        '/fixings basic',
        '/fixings/{cut}/{date} basic',
        '/fixings/{id} basic',
        '/fixings/{id}/verify basic',
        '/rates/average professional',
        '/rates/ohlc professional',
        '/convert/batch basic',
      ]),
    );
  });

  it('keeps the body out of the URL of a POST', () => {
    expect(endpointUrl(endpoint('convert-batch'))).toBe('/convert/batch');
    expect(methodOf(endpoint('convert-batch'))).toBe('POST');
    expect(methodOf(endpoint('rate'))).toBe('GET');
  });

  it('asks for bars of the last two days, inside every plan look-back that reads bars', () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(endpointUrl(endpoint('ohlc'))).toMatch(
      new RegExp(`^/rates/ohlc\\?base=USD&symbol=EUR&interval=1h&start=\\d{4}-\\d{2}-\\d{2}&end=${today}$`),
    );
  });
});
