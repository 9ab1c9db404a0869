import type { Client } from 'pg';
import { ClosesImportRepository } from '../src';
import { connectClient, unique } from './support/test-database';

/** The history imports' queries against real PostgreSQL, on sources of this file's own. */
describe('ClosesImportRepository', () => {
  let db: Client;
  let imports: ClosesImportRepository;
  const suffix = unique();
  const source = `ti-${suffix}`;
  const other = `tj-${suffix}`;
  const closes = (day: string, rates: Record<string, string>) => ({
    day,
    perUsd: new Map(Object.entries(rates)),
  });
  const stored = async (of = source) =>
    (
      await db.query(
        `select to_char(day, 'YYYY-MM-DD') || ' ' || currency || ' ' || rate_vs_usd::text as close
           from rate_history where source = $1 order by day, currency`,
        [of],
      )
    ).rows.map((row) => row.close);

  beforeAll(async () => {
    db = await connectClient();
    imports = new ClosesImportRepository(db);
  });
  afterAll(async () => {
    await db.query('delete from rate_history where source = any($1)', [[source, other]]);
    await db.query('delete from history_backfill_progress where source = any($1)', [[source, other]]);
    await db.end();
  });

  describe('upsertCloses', () => {
    it('writes nothing for no closes', async () => {
      expect(await imports.upsertCloses(source, [])).toEqual({ rates: 0, inserted: 0, updated: 0 });
      expect(await imports.upsertCloses(source, [closes('1991-01-01', {})])).toEqual({
        rates: 0,
        inserted: 0,
        updated: 0,
      });
      expect(await stored()).toEqual([]);
    });

    it('inserts new closes, changes those that differ and leaves equal ones alone, counting each', async () => {
      expect(await imports.upsertCloses(source, [closes('1991-01-02', { EUR: '0.9', GBP: '0.8' })])).toEqual({
        rates: 2,
        inserted: 2,
        updated: 0,
      });
      expect(
        await imports.upsertCloses(source, [
          closes('1991-01-02', { EUR: '0.90', GBP: '0.81' }),
          closes('1991-01-03', { EUR: '0.91' }),
        ]),
      ).toEqual({ rates: 3, inserted: 1, updated: 1 });
      expect(await stored()).toEqual(['1991-01-02 EUR 0.9', '1991-01-02 GBP 0.81', '1991-01-03 EUR 0.91']);
      expect(await imports.storedDays(source)).toBe(2);
      expect(await imports.storedDays(`tk-${suffix}`)).toBe(0);
    });

    it('writes thousands of closes in one statement', async () => {
      const days = Array.from({ length: 400 }, (_, i) =>
        new Date(Date.UTC(1992, 0, 1 + i)).toISOString().slice(0, 10),
      );
      const codes = Array.from({ length: 10 }, (_, i) => `Q${suffix}${i}`.toUpperCase());
      const written = await imports.upsertCloses(
        other,
        days.map((day, i) => closes(day, Object.fromEntries(codes.map((code) => [code, `${i + 1}.5`])))),
      );
      expect(written).toEqual({ rates: 4000, inserted: 4000, updated: 0 });
      expect(await imports.storedDays(other)).toBe(400);
    });
  });

  describe('inTransaction', () => {
    it('keeps everything written when the work succeeds, and answers what it answered', async () => {
      const answer = await imports.inTransaction(async () => {
        await imports.upsertCloses(source, [closes('1991-02-01', { EUR: '0.95' })]);
        return 'done';
      });
      expect(answer).toBe('done');
      expect(await stored()).toContain('1991-02-01 EUR 0.95');
    });

    it('keeps nothing when the work fails, and passes its error on', async () => {
      await expect(
        imports.inTransaction(async () => {
          await imports.upsertCloses(source, [closes('1991-03-01', { EUR: '0.96' })]);
          await imports.advanceCheckedThrough(source, ['EUR'], '1991-03-01');
          throw new Error('page unreadable');
        }),
      ).rejects.toThrow('page unreadable');
      expect(await stored()).not.toContain('1991-03-01 EUR 0.96');
      expect((await imports.checkedThrough(source)).size).toBe(0);
    });
  });

  it('notes how far each currency has been asked, never moving a currency back', async () => {
    expect((await imports.checkedThrough(other)).size).toBe(0);
    await imports.advanceCheckedThrough(other, ['EUR', 'GBP'], '1991-05-01');
    await imports.advanceCheckedThrough(other, ['EUR'], '1991-06-01');
    await imports.advanceCheckedThrough(other, ['GBP'], '1991-04-01');
    await imports.advanceCheckedThrough(other, [], '1991-07-01');
    expect(Object.fromEntries(await imports.checkedThrough(other))).toEqual({
      EUR: '1991-06-01',
      GBP: '1991-05-01',
    });
  });

  it('gives each day’s USDT close, Coinbase’s before any other source’s, never the bundled snapshot’s', async () => {
    // Real source ids: this query ranks them by name. Days long before any other file's rows.
    const seeded = ['coinbase', 'binance', 'bundled-snapshot'];
    try {
      await imports.upsertCloses('binance', [
        closes('1990-01-01', { USDT: '1.01' }),
        closes('1990-01-02', { USDT: '1.02' }),
      ]);
      await imports.upsertCloses('coinbase', [closes('1990-01-02', { USDT: '1.002' })]);
      await imports.upsertCloses('bundled-snapshot', [closes('1990-01-03', { USDT: '1.3' })]);
      expect(Object.fromEntries(await imports.usdtCloses('1990-01-01', '1990-01-05'))).toEqual({
        '1990-01-01': '1.01',
        '1990-01-02': '1.002',
      });
      expect((await imports.usdtCloses('1989-01-01', '1989-12-31')).size).toBe(0);
    } finally {
      await db.query(
        `delete from rate_history where source = any($1) and day between '1990-01-01' and '1990-01-05'`,
        [seeded],
      );
    }
  });

  it('vacuums and analyses rate_history', async () => {
    const counts = async () => {
      // Statistics are read from a snapshot taken once per transaction: a fresh one each time.
      await db.query('select pg_stat_clear_snapshot()');
      const { rows } = await db.query(
        `select vacuum_count::int as vacuums, analyze_count::int as analyses
           from pg_stat_user_tables where relname = 'rate_history'`,
      );
      return rows[0] as { vacuums: number; analyses: number };
    };
    const before = await counts();
    await imports.vacuumAnalyse();
    const after = await counts();
    expect(after.vacuums).toBe(before.vacuums + 1);
    expect(after.analyses).toBe(before.analyses + 1);
  });
});
