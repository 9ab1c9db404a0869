import { createHash } from 'node:crypto';

/** Bumped whenever the rows an export writes for the same data change (columns, formatting). */
const EXPORT_LAYOUT = 'timeseries-export-2';

/** Everything an export's bytes depend on, besides the data. */
export interface ExportInputs {
  format: string;
  /** `br`, `gzip` or `identity`: a strong validator names one representation, compressed or not. */
  encoding: string;
  base: string;
  /** As asked for, in order; undefined for every currency the plan includes. */
  symbols: readonly string[] | undefined;
  start: string;
  end: string;
  /** Without symbols, the plan decides which currencies are listed. */
  plan: string;
  numbers: string;
}

/**
 * A strong entity-tag of an export, computed without producing it: from what it was asked for and
 * the versions (fingerprints) of the years of closes it reads. The same inputs over the same data
 * give the same bytes (the rows are deterministic), so the same tag; a changed close changes its
 * year's fingerprint, so the tag.
 */
export function exportEtag(inputs: ExportInputs, versions: readonly string[]): string {
  const { format, encoding, base, symbols, start, end, plan, numbers } = inputs;
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        EXPORT_LAYOUT,
        format,
        encoding,
        base,
        symbols ?? null,
        start,
        end,
        plan,
        numbers,
        versions,
      ]),
    )
    .digest('base64url');
  return `"${hash.slice(0, 32)}"`;
}
