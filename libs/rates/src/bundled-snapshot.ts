import { RateDecimal } from './decimal';
import { createRatesTable, parsePositiveRate, type RatesTable } from './rates-table';

export const BUNDLED_SNAPSHOT_SOURCE = 'bundled-snapshot';

/**
 * Tickers renamed by their network and still quoted by us under the old code. Polygon's MATIC
 * migrated 1:1 to POL in 2024; the snapshot quotes only POL.
 */
const RENAMED: Record<string, string> = { MATIC: 'POL' };

interface SnapshotFile {
  date: string;
  usd: Record<string, unknown>;
}

/** Turns the @fawazahmed0/currency-api `usd` file into a rates table, dropping unusable values. */
export function parseSnapshot(file: SnapshotFile): RatesTable {
  if (
    !file ||
    typeof file.date !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}$/.test(file.date) ||
    typeof file.usd !== 'object'
  ) {
    throw new Error('bundled snapshot: unexpected file format');
  }
  const perUsd = new Map<string, RateDecimal>();
  for (const [code, raw] of Object.entries(file.usd)) {
    const rate = parsePositiveRate(raw);
    if (rate && /^[a-z0-9]{2,10}$/.test(code)) perUsd.set(code.toUpperCase(), rate);
  }
  for (const [oldCode, newCode] of Object.entries(RENAMED)) {
    const rate = perUsd.get(newCode);
    if (rate && !perUsd.has(oldCode)) perUsd.set(oldCode, rate);
  }
  perUsd.set('USD', new RateDecimal(1));
  return createRatesTable({
    source: BUNDLED_SNAPSHOT_SOURCE,
    date: file.date,
    timestamp: `${file.date}T00:00:00.000Z`,
    perUsd,
  });
}

/**
 * The snapshot pinned in package.json: the offline demo default, not a live feed. Its `usd` file
 * prices the four metals per troy ounce (XAU 0.0002421835 per USD: 4 129.10 USD) beside the
 * tokens PAXG and XAUT, each under its own code: the metals' offline values come from it.
 */
export function loadBundledSnapshot(): RatesTable {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const file = require('@fawazahmed0/currency-api/v1/currencies/usd.min.json') as SnapshotFile;
  return parseSnapshot(file);
}
