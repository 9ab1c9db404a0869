import { LRUCache } from 'lru-cache';
import { displayColumn, type DisplayColumn } from './display-column';
import { CloseColumn, HistoryYear, NO_ROWS_FINGERPRINT, YearAxis, type ColumnRows } from './history-year';

/** What the store needs from the database, for some currencies of one year. */
export interface CloseSource {
  /** Per currency asked that has rows in the year (from any source), a fingerprint of them. */
  fingerprints(year: number, codes: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /**
   * The preferred close of each day of the year for these currencies that have one, with the
   * fingerprint of each one's rows as `fingerprints` gives it (read together: one query on a first load).
   */
  closes(
    year: number,
    codes: readonly string[],
  ): Promise<ReadonlyMap<string, ColumnRows & { fingerprint: string }>>;
  /** The sources the closes' `sources` characters index. */
  readonly sourceNames: readonly string[];
}

interface ColumnEntry {
  data?: CloseColumn;
  /** When `data` was last known to match the database. */
  checkedAt: number;
  /** The year's version (CloseStore.invalidate) `data` was checked at. */
  checkedVersion: number;
  /** A load or re-check under way. */
  pending?: Promise<void>;
}

export interface CloseStoreOptions {
  /** How long a loaded column is trusted without asking the database again. */
  ttlMs: number;
  /** The memory the loaded columns (a currency's closes of a year, a few KB each) may take, in bytes. */
  closeBytes: number;
  /** The memory the memoised display columns (a base, code and year each) may take, in bytes. */
  displayBytes: number;
  /** Told when a background re-check fails (the loaded column keeps answering meanwhile). */
  onRefreshError?: (year: number, error: unknown) => void;
}

/**
 * The history in process, a currency's year at a time: a query loads the columns of the currencies
 * it asks about (one query for those of a year it has not loaded), never the whole year of every
 * currency, and both the loaded columns and the display columns memoised from them are bounded by
 * their memory (least recently used first out).
 *
 * Published closes do not change, but ingest adds the current day and `rates:backfill` can add or
 * correct any day, so a column is re-checked against the database — one query returning, per
 * currency, a hash of its rows (read with the rows on a first load); reloaded only when it differs —
 * once `ttlMs` has passed since its last check, or on the next use after `invalidate()`. A loaded column keeps answering while it is
 * re-checked (stale-while-revalidate), so no request waits on a check; only a column never loaded
 * is awaited.
 */
export class CloseStore {
  private readonly entries: LRUCache<string, ColumnEntry>;
  private readonly displays: LRUCache<
    string,
    { from: CloseColumn | undefined; to: CloseColumn | undefined; column: DisplayColumn }
  >;
  /** Per year asked for, bumped by invalidate(): a column checked at an older version is re-checked. */
  private readonly versions = new Map<number, number>();
  private loaded = 0;

  constructor(
    private readonly source: CloseSource,
    readonly options: CloseStoreOptions,
  ) {
    this.entries = new LRUCache({
      maxSize: options.closeBytes,
      sizeCalculation: (entry) => entry.data?.bytes ?? 256,
    });
    this.displays = new LRUCache({
      maxSize: options.displayBytes,
      sizeCalculation: ({ column }) => column.bytes,
    });
  }

  /** Makes the loaded columns of the years from `fromYear` on re-check the database on their next use. */
  invalidate(fromYear = -Infinity): void {
    for (const [year, version] of this.versions) if (year >= fromYear) this.versions.set(year, version + 1);
  }

  /** Counts the columns loaded or reloaded: an answer built before the last one may be outdated. */
  get loads(): number {
    return this.loaded;
  }

  /**
   * The year's closes of `codes`: at once from the loaded columns, re-checking the stale ones
   * behind; awaited only for the columns never loaded.
   */
  year(year: number, codes: readonly string[], now = Date.now()): HistoryYear | Promise<HistoryYear> {
    let version = this.versions.get(year);
    if (version === undefined) this.versions.set(year, (version = 0));
    const picked = new Map<string, ColumnEntry>();
    const stale: [string, ColumnEntry][] = [];
    const missing: [string, ColumnEntry][] = [];
    const awaited: Promise<void>[] = [];
    for (const code of codes) {
      if (code === 'USD' || picked.has(code)) continue;
      const key = `${year}${code}`;
      let entry = this.entries.get(key);
      if (!entry) this.entries.set(key, (entry = { checkedAt: 0, checkedVersion: -1 }));
      picked.set(code, entry);
      const fresh = entry.checkedVersion === version && now - entry.checkedAt < this.options.ttlMs;
      if (entry.data && fresh) continue;
      if (entry.pending) {
        if (!entry.data) awaited.push(entry.pending);
      } else (entry.data ? stale : missing).push([code, entry]);
    }
    if (stale.length > 0) {
      // Not awaited: a failure leaves the columns unchecked, so the next use tries again.
      this.refresh(year, stale, version, now).catch((error: unknown) =>
        this.options.onRefreshError?.(year, error),
      );
    }
    if (missing.length > 0) awaited.push(this.refresh(year, missing, version, now));
    // Built from the entries picked: one evicted meanwhile still holds the column this query loaded.
    const view = () => {
      const closes = new Map<string, CloseColumn>();
      for (const [code, { data }] of picked) if (data) closes.set(code, data);
      return new HistoryYear(YearAxis.of(year), closes);
    };
    if (awaited.length === 0) return view();
    return Promise.all(awaited).then(view);
  }

  private refresh(
    year: number,
    entries: [string, ColumnEntry][],
    version: number,
    now: number,
  ): Promise<void> {
    const pending = this.check(year, entries, version, now).finally(() => {
      for (const [, entry] of entries) if (entry.pending === pending) entry.pending = undefined;
    });
    for (const [, entry] of entries) entry.pending = pending;
    return pending;
  }

  private async check(
    year: number,
    entries: [string, ColumnEntry][],
    version: number,
    now: number,
  ): Promise<void> {
    // Columns never loaded are read at once with their fingerprints; loaded ones are asked their
    // fingerprints first and read again only when those changed.
    let changed = entries;
    if (entries.some(([, entry]) => entry.data)) {
      const fingerprints = await this.source.fingerprints(
        year,
        entries.map(([code]) => code),
      );
      changed = entries.filter(
        ([code, entry]) => entry.data?.fingerprint !== (fingerprints.get(code) ?? NO_ROWS_FINGERPRINT),
      );
    }
    const read =
      changed.length > 0
        ? await this.source.closes(
            year,
            changed.map(([code]) => code),
          )
        : undefined;
    const axis = YearAxis.of(year);
    for (const [code, entry] of changed) {
      const closes = read?.get(code);
      entry.data = new CloseColumn(
        axis,
        closes?.fingerprint ?? NO_ROWS_FINGERPRINT,
        closes,
        this.source.sourceNames,
      );
      this.loaded++;
    }
    for (const [code, entry] of entries) {
      entry.checkedAt = now;
      entry.checkedVersion = version;
      // Put in again (lru-cache keeps the size an entry was set with): its size is now its column's,
      // and it may have been evicted meanwhile.
      this.entries.delete(`${year}${code}`);
      this.entries.set(`${year}${code}`, entry);
    }
  }

  /** base→code displayed for every day of `year`. */
  column(year: HistoryYear, base: string, code: string): DisplayColumn {
    const key = `${year.year}${base}${code}`;
    const from = year.column(base);
    const to = year.column(code);
    const cached = this.displays.get(key);
    if (cached && cached.from === from && cached.to === to) return cached.column;
    const column = displayColumn(year, base, code);
    this.displays.set(key, { from, to, column });
    return column;
  }

  /** Counts for tests and the memory figures of docs/performance.md. */
  stats(): { columns: number; closeBytes: number; displays: number; displayBytes: number } {
    return {
      columns: this.entries.size,
      closeBytes: this.entries.calculatedSize,
      displays: this.displays.size,
      displayBytes: this.displays.calculatedSize,
    };
  }
}
