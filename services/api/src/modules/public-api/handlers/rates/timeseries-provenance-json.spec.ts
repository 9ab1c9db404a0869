import { provenanceJson } from './timeseries.handler';

describe("a time series' provenance as JSON", () => {
  it('writes the sources run by run and the coverage of the symbols missing days', () => {
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
    expect(JSON.parse(`{${provenanceJson(provenance)}}`)).toEqual({
      sources: { EUR: [...provenance.spans.get('EUR')!], GBP: [] },
      complete: false,
      coverage: { EUR: provenance.gaps.get('EUR') },
    });
  });

  it('says complete without coverage when no symbol misses a day', () => {
    const provenance = { sources: [], spans: new Map(), gaps: new Map() };
    expect(JSON.parse(`{${provenanceJson(provenance)}}`)).toEqual({ sources: {}, complete: true });
  });
});
