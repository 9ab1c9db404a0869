import { seriesJsonAround } from './timeseries.handler';

const head = { base: 'USD', start: '2026-01-01', end: '2026-11-30', timestamp: '2026-11-27T16:00:00.000Z' };

/** The series with no rates between the two texts. */
function written(provenance: Parameters<typeof seriesJsonAround>[1]): unknown {
  const [before, after] = seriesJsonAround(head, provenance, 'number');
  return JSON.parse(before + after);
}

describe("a time series' provenance as JSON", () => {
  it('writes the head, the sources run by run and the coverage of the symbols missing days', () => {
    const provenance = {
      sources: ['ecb', 'frankfurter'],
      spans: new Map([
        [
          'EUR',
          [
            { source: 'ecb', from: '2026-01-02', to: '2026-04-13' },
            { source: 'frankfurter', from: '2026-11-02', to: '2026-11-27' },
          ],
        ],
        ['GBP', []],
      ]),
      gaps: new Map([
        [
          'EUR',
          { first: '2026-01-02', last: '2026-11-27', missing: [{ from: '2026-04-21', to: '2026-11-01' }] },
        ],
      ]),
    };
    expect(written(provenance)).toEqual({
      ...head,
      source: provenance.sources,
      stale: false,
      rates: {},
      sources: { EUR: [...provenance.spans.get('EUR')!], GBP: [] },
      complete: false,
      coverage: { EUR: provenance.gaps.get('EUR') },
    });
  });

  it('says complete without coverage when no symbol misses a day', () => {
    const provenance = { sources: [], spans: new Map(), gaps: new Map() };
    expect(written(provenance)).toEqual({
      ...head,
      source: [],
      stale: false,
      rates: {},
      sources: {},
      complete: true,
    });
  });
});
