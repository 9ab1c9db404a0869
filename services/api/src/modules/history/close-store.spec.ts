import { CloseStore, type HistoryRow } from './close-store';

function source(rows: HistoryRow[]) {
  const calls = { fingerprint: 0, rows: 0 };
  let version = 'v1';
  return {
    calls,
    change(next: string) {
      version = next;
    },
    fingerprint: async () => {
      calls.fingerprint++;
      return version;
    },
    rows: async () => {
      calls.rows++;
      return rows;
    },
  };
}

const ROWS: HistoryRow[] = [
  { day: '2024-01-02', currency: 'EUR', rate: '0.9' },
  { day: '2024-01-02', currency: 'GBP', rate: '0.8' },
  { day: '2024-01-03', currency: 'EUR', rate: '0.91' },
];

/** Lets the background re-checks started so far finish. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('CloseStore', () => {
  it('loads a year once, re-checks its fingerprint after the TTL or an invalidation, reloads on change', async () => {
    const db = source(ROWS);
    const store = new CloseStore(db, { ttlMs: 1_000, columnLimit: 10 });
    const year = await store.year(2024, 0);
    expect(year.days).toEqual(['2024-01-02', '2024-01-03']);
    expect(year.codes).toEqual([
      ['EUR', 'GBP', 'USD'],
      ['EUR', 'USD'],
    ]);
    expect(store.year(2024, 999)).toBe(year); // fresh: synchronous, no query
    expect(db.calls).toEqual({ fingerprint: 1, rows: 1 });
    expect(store.year(2024, 1_000)).toBe(year); // past the TTL: answers at once, re-checks behind
    await settle();
    expect(db.calls).toEqual({ fingerprint: 2, rows: 1 }); // unchanged: kept
    store.invalidate();
    db.change('v2');
    expect(store.year(2024, 1_001)).toBe(year); // still the loaded year while it reloads
    await settle();
    expect(db.calls).toEqual({ fingerprint: 3, rows: 2 });
    const reloaded = store.year(2024, 1_002);
    expect(reloaded).not.toBe(year);
    expect(store.year(2024, 1_003)).toBe(reloaded);
  });

  it('invalidates only the years asked for', async () => {
    const db = source(ROWS);
    const store = new CloseStore(db, { ttlMs: 60_000, columnLimit: 10 });
    await store.year(2023, 0);
    await store.year(2024, 0);
    store.invalidate(2024);
    store.year(2023, 1);
    store.year(2024, 1);
    await settle();
    expect(db.calls.fingerprint).toBe(3); // 2023 and 2024 loaded, 2024 re-checked
  });

  it('keeps answering with the loaded year when a re-check fails, and tries again next time', async () => {
    const db = source(ROWS);
    const failures: number[] = [];
    const store = new CloseStore(db, {
      ttlMs: 1_000,
      columnLimit: 10,
      onRefreshError: (year) => failures.push(year),
    });
    const year = await store.year(2024, 0);
    db.fingerprint = async () => {
      throw new Error('database down');
    };
    expect(store.year(2024, 2_000)).toBe(year);
    await settle();
    expect(failures).toEqual([2024]);
    expect(store.year(2024, 2_001)).toBe(year);
    await settle();
    expect(failures).toEqual([2024, 2024]);
  });

  it('memoises displayed cross rates per year, base and code', async () => {
    const db = source(ROWS);
    const store = new CloseStore(db, { ttlMs: 1_000, columnLimit: 10 });
    const year = await store.year(2024, 0);
    expect(store.column(year, 'EUR', 'GBP').toArray()).toEqual(['0.8888888889', null]);
    expect(store.column(year, 'USD', 'EUR').toArray()).toEqual(['0.9', '0.91']);
    expect(store.column(year, 'EUR', 'USD').toArray()).toEqual(['1.111111111', '1.098901099']);
    expect(store.column(year, 'EUR', 'GBP')).toBe(store.column(year, 'EUR', 'GBP'));
  });
});
