import { loadBundledSnapshot } from '../bundled-snapshot';
import { defineProvider, type RateProvider } from './provider';

/** The rates shipped with the code: always there, never fresh; fills what no live provider has. */
export function bundledSnapshotProvider(): RateProvider {
  return defineProvider('bundled-snapshot', async ({ symbols }) => {
    const table = loadBundledSnapshot();
    const wanted = new Set(symbols);
    const observations = [...table.perUsd]
      .filter(([code]) => code !== 'USD' && wanted.has(code))
      .map(([currency, rate]) => ({
        currency,
        quote: 'USD',
        rate,
        observedAt: table.timestamp,
        day: table.date,
      }));
    return { source: 'bundled-snapshot', observations, rejected: [] };
  });
}
