import { crossRate, displayRate, RateUnavailableError } from './cross-rate';
import { loadBundledSnapshot } from './bundled-snapshot';
import { pairRateText } from './pair-rates';

describe('pairRateText', () => {
  const table = loadBundledSnapshot();
  const codes = [...table.perUsd.keys()];

  it('is displayRate(crossRate(…)).toString() for every pair of the bundled snapshot, asked twice', () => {
    for (let round = 0; round < 2; round += 1) {
      for (const from of codes) {
        for (const to of codes) {
          expect(pairRateText(table, from, to)).toBe(displayRate(crossRate(table, from, to)).toString());
        }
      }
    }
  });

  it('throws RateUnavailableError for a currency the table lacks, every time', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(() => pairRateText(table, 'XXX', 'EUR')).toThrow(RateUnavailableError);
      expect(() => pairRateText(table, 'EUR', 'XXX')).toThrow(RateUnavailableError);
    }
  });
});
