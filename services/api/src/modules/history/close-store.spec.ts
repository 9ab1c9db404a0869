import { CloseStore, type CloseStoreOptions } from './close-store';
import { YearAxis, type HistoryRow } from './history-year';

const SOURCES = ['ecb', 'frankfurter'];

/** A database of rows, counting the queries and the currencies each asked about. */
function source(rows: HistoryRow[]) {
  const asked = { fingerprints: [] as string[][], closes: [] as string[][] };
  let version = 'v1';
  const fingerprintsOf = (year: number, codes: readonly string[]) => {
    const held = new Set(rows.filter(({ day }) => day.startsWith(`${year}`)).map(({ currency }) => currency));
    return new Map(codes.filter((code) => held.has(code)).map((code) => [code, `${code}:${version}`]));
  };
  const db = {
    asked,
    sourceNames: SOURCES,
    change(next: string) {
      version = next;
    },
    fingerprints: async (year: number, codes: readonly string[]) => {
      asked.fingerprints.push([...codes]);
      return fingerprintsOf(year, codes);
    },
    /** As the database joins them: one row a currency that has closes. */
    closes: async (year: number, codes: readonly string[]) => {
      asked.closes.push([...codes]);
      const axis = YearAxis.of(year);
      return new Map(
        [...fingerprintsOf(year, codes)].map(([code, fingerprint]) => {
          const closes = rows
            .filter(({ currency, day }) => currency === code && day.startsWith(`${year}`))
            .sort((a, b) => (a.day < b.day ? -1 : 1));
          const sourceChar = (source = 'ecb') => String.fromCharCode(65 + SOURCES.indexOf(source));
          return [
            code,
            {
              fingerprint,
              days: closes.map(({ day }) => axis.indexOf(day)).join(','),
              rates: closes.map(({ rate }) => rate).join(','),
              sources: closes.map(({ source }) => sourceChar(source)).join(''),
            },
          ];
        }),
      );
    },
  };
  return db;
}

const ROWS: HistoryRow[] = [
  { day: '2024-01-02', currency: 'EUR', rate: '0.9' },
  { day: '2024-01-02', currency: 'GBP', rate: '0.8', source: 'frankfurter' },
  { day: '2024-01-03', currency: 'EUR', rate: '0.91' },
];
const OPTIONS: CloseStoreOptions = {
  ttlMs: 1_000,
  closeBytes: 1024 * 1024,
  displayBytes: 1024 * 1024,
};
const JAN_2 = 1;
const JAN_3 = 2;

/** Lets the background re-checks started so far finish. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('CloseStore', () => {
  it('loads only the currencies asked about, each once with its fingerprint, on the calendar days of the year', async () => {
    const db = source(ROWS);
    const store = new CloseStore(db, OPTIONS);
    const year = await store.year(2024, ['USD', 'EUR'], 0);
    expect(db.asked.closes).toEqual([['EUR']]); // USD is the unit: nothing to load
    expect(year.days).toHaveLength(366);
    expect(year.perUsd('EUR', JAN_2)).toBe('0.9');
    expect(year.perUsd('EUR', JAN_3)).toBe('0.91');
    expect(year.perUsd('EUR', 0)).toBeUndefined();
    expect(year.perUsd('USD', 0)).toBe('1');
    expect([...year.codesHeld()]).toEqual(['EUR']);
    // GBP is loaded alone; EUR, fresh, costs no query.
    const both = await store.year(2024, ['EUR', 'GBP'], 10);
    expect(db.asked.closes).toEqual([['EUR'], ['GBP']]);
    expect(both.sourceOf('GBP', JAN_2)).toBe('frankfurter');
    expect(both.sourceOf('EUR', JAN_2)).toBe('ecb');
    // JPY holds nothing: loaded empty, once.
    const all = await store.year(2024, ['EUR', 'GBP', 'JPY'], 20);
    expect(db.asked.closes).toEqual([['EUR'], ['GBP'], ['JPY']]);
    await store.year(2024, ['JPY'], 30);
    expect(db.asked.closes).toHaveLength(3);
    // First loads read the fingerprints with the rows: no query of their own.
    expect(db.asked.fingerprints).toEqual([]);
    expect([...all.codesHeld()].sort()).toEqual(['EUR', 'GBP']);
    expect(all.codes[JAN_2]).toEqual(['EUR', 'GBP', 'USD']);
    expect(all.codes[JAN_3]).toEqual(['EUR', 'USD']);
  });

  it('answers at once from a loaded column, re-checks it after the TTL or an invalidation, reloads on change', async () => {
    const db = source(ROWS);
    const store = new CloseStore(db, OPTIONS);
    await store.year(2024, ['EUR'], 0);
    expect(store.year(2024, ['EUR'], 999)).not.toBeInstanceOf(Promise); // fresh: synchronous, no query
    expect(db.asked.fingerprints).toHaveLength(0);
    expect(store.year(2024, ['EUR'], 1_000)).not.toBeInstanceOf(Promise); // past the TTL: re-checks behind
    await settle();
    expect(db.asked.fingerprints).toHaveLength(1);
    expect(db.asked.closes).toHaveLength(1); // same fingerprint: not reloaded
    const loads = store.loads;
    db.change('v2');
    store.invalidate(2024);
    store.year(2024, ['EUR'], 1_001);
    await settle();
    expect(db.asked.closes).toHaveLength(2);
    expect(store.loads).toBe(loads + 1);
  });

  it('invalidates only the years asked for', async () => {
    const db = source(ROWS);
    const store = new CloseStore(db, { ...OPTIONS, ttlMs: 60_000 });
    await store.year(2023, ['EUR'], 0);
    await store.year(2024, ['EUR'], 0);
    store.invalidate(2024);
    store.year(2023, ['EUR'], 1);
    store.year(2024, ['EUR'], 1);
    await settle();
    expect(db.asked.closes).toHaveLength(2); // 2023 and 2024 loaded
    expect(db.asked.fingerprints).toHaveLength(1); // 2024 re-checked
  });

  it('loads a column once when two queries ask for it at the same time', async () => {
    const db = source(ROWS);
    const store = new CloseStore(db, OPTIONS);
    const [a, b] = await Promise.all([store.year(2024, ['EUR'], 0), store.year(2024, ['EUR', 'GBP'], 0)]);
    expect(db.asked.closes).toEqual([['EUR'], ['GBP']]);
    expect(a.perUsd('EUR', JAN_2)).toBe('0.9');
    expect(b.perUsd('EUR', JAN_2)).toBe('0.9');
    expect(b.perUsd('GBP', JAN_2)).toBe('0.8');
  });

  it('keeps answering with the loaded column when a re-check fails, and tries again next time', async () => {
    const db = source(ROWS);
    const failures: number[] = [];
    const store = new CloseStore(db, { ...OPTIONS, onRefreshError: (year) => failures.push(year) });
    await store.year(2024, ['EUR'], 0);
    db.fingerprints = async () => {
      throw new Error('database down');
    };
    const stale = store.year(2024, ['EUR'], 2_000);
    expect(stale).not.toBeInstanceOf(Promise);
    expect((stale as Awaited<typeof stale>).perUsd('EUR', JAN_2)).toBe('0.9');
    await settle();
    expect(failures).toEqual([2024]);
    store.year(2024, ['EUR'], 2_001);
    await settle();
    expect(failures).toEqual([2024, 2024]);
  });

  it('fails a first load whose query fails, and loads on the next use', async () => {
    const db = source(ROWS);
    const store = new CloseStore(db, OPTIONS);
    const closes = db.closes;
    db.closes = async () => {
      throw new Error('database down');
    };
    await expect(store.year(2024, ['EUR'], 0)).rejects.toThrow('database down');
    db.closes = closes;
    expect((await store.year(2024, ['EUR'], 1)).perUsd('EUR', JAN_2)).toBe('0.9');
  });

  it('holds the loaded closes within their memory budget, least recently used out', async () => {
    const rows: HistoryRow[] = [];
    const codes = Array.from({ length: 40 }, (_, i) => `C${String(i).padStart(2, '0')}`);
    for (const currency of codes)
      for (let d = 1; d <= 28; d++)
        rows.push({ day: `2024-02-${String(d).padStart(2, '0')}`, currency, rate: '1.2345' });
    const db = source(rows);
    const store = new CloseStore(db, { ...OPTIONS, closeBytes: 20_000 });
    for (const code of codes) await store.year(2024, [code], 0);
    const { columns, closeBytes } = store.stats();
    expect(closeBytes).toBeLessThanOrEqual(20_000);
    expect(columns).toBeLessThan(codes.length);
    // The first, evicted, is loaded again; the last is still held.
    await store.year(2024, [codes.at(-1)!], 1);
    expect(db.asked.closes).toHaveLength(codes.length);
    await store.year(2024, [codes[0]], 1);
    expect(db.asked.closes).toHaveLength(codes.length + 1);
  });

  it('memoises displayed cross rates per year, base and code, until a column reloads', async () => {
    const db = source(ROWS);
    const store = new CloseStore(db, OPTIONS);
    const year = await store.year(2024, ['EUR', 'GBP'], 0);
    const days = (values: (string | null)[]) => values.slice(JAN_2, JAN_3 + 1);
    expect(days(store.column(year, 'EUR', 'GBP').toArray())).toEqual(['0.8888888889', null]);
    expect(days(store.column(year, 'USD', 'EUR').toArray())).toEqual(['0.9', '0.91']);
    expect(days(store.column(year, 'EUR', 'USD').toArray())).toEqual(['1.111111111', '1.098901099']);
    expect(store.column(year, 'EUR', 'GBP')).toBe(store.column(year, 'EUR', 'GBP'));
    db.change('v2');
    store.invalidate();
    store.year(2024, ['EUR', 'GBP'], 1);
    await settle();
    const reloaded = await store.year(2024, ['EUR', 'GBP'], 2);
    expect(store.column(reloaded, 'EUR', 'GBP')).not.toBe(store.column(year, 'EUR', 'GBP'));
  });

  it('keeps a bounded number of year axes, whatever years callers name', async () => {
    const store = new CloseStore(source(ROWS), OPTIONS);
    // Every year from 0000 is a valid date to ask about: a caller naming a thousand of them.
    for (let year = 1000; year < 2000; year++) await store.year(year, ['EUR'], 0);
    expect(YearAxis.kept).toBeLessThanOrEqual(64);
    expect((await store.year(2024, ['EUR'], 0)).perUsd('EUR', JAN_2)).toBe('0.9');
  });
});
