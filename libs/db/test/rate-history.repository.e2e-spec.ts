import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from 'pg';
import { ClosesImportRepository, RateHistoryRepository } from '../src';
import { connectClient, connectOrm, unique } from './support/test-database';

/**
 * rate_history's queries against real PostgreSQL, on sources and currencies of this file's own
 * (random suffixes), so other files' rows never change what they find.
 */
describe('RateHistoryRepository', () => {
  let orm: MikroORM;
  let db: Client;
  let history: RateHistoryRepository;
  let imports: ClosesImportRepository;
  const suffix = unique();
  // Most preferred first: the order the preference expression ranks them.
  const [preferred, fallback] = [`ta-${suffix}`, `tb-${suffix}`];
  const sources = [preferred, fallback];
  const [AAA, BBB, EMPTY] = [`A${suffix}`, `B${suffix}`, `C${suffix}`].map((c) => c.toUpperCase());
  const closes = (day: string, rates: Record<string, string>) => ({
    day,
    perUsd: new Map(Object.entries(rates)),
  });

  beforeAll(async () => {
    orm = await connectOrm();
    db = await connectClient();
    history = new RateHistoryRepository(orm.em.fork());
    imports = new ClosesImportRepository(db);
    await imports.upsertCloses(preferred, [
      closes('2020-01-02', { [AAA]: '1.5' }),
      closes('2020-01-03', { [AAA]: '1.6', [BBB]: '20' }),
      closes('2021-03-01', { [AAA]: '1.7' }),
    ]);
    await imports.upsertCloses(fallback, [
      // The preferred source holds AAA on 2 January: its rate wins; BBB's is the fallback's alone.
      closes('2020-01-02', { [AAA]: '9.9', [BBB]: '19' }),
      closes('2019-12-31', { [BBB]: '18' }),
    ]);
  });
  afterAll(async () => {
    await history.deleteCloses({ sources: [...sources, `tc-${suffix}`, `td-${suffix}`, `tf-${suffix}`] });
    await db.end();
    await orm.close();
  });

  describe('yearCloses', () => {
    it('joins each currency’s year into one row: day indexes, rates and sources, each day from its most preferred source', async () => {
      const rows = await history.yearCloses(2020, [AAA, BBB, EMPTY], sources);
      expect([...rows.keys()].sort()).toEqual([AAA, BBB]);
      expect(rows.get(AAA)).toMatchObject({ days: '1,2', rates: '1.5,1.6', sources: 'AA' });
      expect(rows.get(BBB)).toMatchObject({ days: '1,2', rates: '19,20', sources: 'BA' });
    });

    it('gives each currency the fingerprint yearFingerprints gives, over every row (not only the preferred ones)', async () => {
      const rows = await history.yearCloses(2020, [AAA, BBB], sources);
      const fingerprints = await history.yearFingerprints(2020, [AAA, BBB], sources);
      expect(fingerprints.get(AAA)).toBe(rows.get(AAA)!.fingerprint);
      expect(fingerprints.get(BBB)).toBe(rows.get(BBB)!.fingerprint);
      expect(fingerprints.get(AAA)).toMatch(/^3:-?\d+$/);
    });

    it('answers nothing for a year, codes or sources without rows', async () => {
      expect((await history.yearCloses(2005, [AAA, BBB], sources)).size).toBe(0);
      expect((await history.yearCloses(2020, [EMPTY], sources)).size).toBe(0);
      expect((await history.yearCloses(2020, [AAA], [`tc-${suffix}`])).size).toBe(0);
      expect((await history.yearFingerprints(2005, [AAA], sources)).size).toBe(0);
    });

    it('changes a fingerprint when a rate changes, and back when the rate is restored', async () => {
      const before = await history.yearFingerprints(2021, [AAA], sources);
      await imports.upsertCloses(preferred, [closes('2021-03-01', { [AAA]: '1.75' })]);
      const after = await history.yearFingerprints(2021, [AAA], sources);
      await imports.upsertCloses(preferred, [closes('2021-03-01', { [AAA]: '1.7' })]);
      expect(after.get(AAA)).not.toBe(before.get(AAA));
      expect(await history.yearFingerprints(2021, [AAA], sources)).toEqual(before);
    });

    it('reads a full year of many currencies in one row each', async () => {
      const many = Array.from({ length: 30 }, (_, i) =>
        `M${suffix}${String(i).padStart(2, '0')}`.toUpperCase(),
      );
      const days = Array.from({ length: 366 }, (_, i) =>
        new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10),
      );
      const source = `tc-${suffix}`;
      await imports.upsertCloses(
        source,
        days.map((day, i) => closes(day, Object.fromEntries(many.map((code) => [code, String(i + 1)])))),
      );
      const rows = await history.yearCloses(2024, many, [source]);
      expect(rows.size).toBe(30);
      const row = rows.get(many[7])!;
      expect(row.days.split(',')).toHaveLength(366);
      expect(row.days.split(',').at(-1)).toBe('365');
      expect(row.rates.split(',').at(-1)).toBe('366');
      expect(row.sources).toBe('A'.repeat(366));
    });
  });

  it('refuses a source id that is not a plain id (it is written into the SQL)', async () => {
    await expect(history.yearCloses(2020, [AAA], ["ecb' or 1=1 --"])).rejects.toThrow('Not a source id');
    await expect(history.preferredCloses([AAA], '2020-01-01', '2020-12-31', ['x y'])).rejects.toThrow(
      'Not a source id',
    );
  });

  describe('preferredCloses', () => {
    it('gives each day’s close of each currency from its most preferred source, by day then currency', async () => {
      expect(await history.preferredCloses([AAA, BBB], '2019-12-31', '2020-12-31', sources)).toEqual([
        { day: '2019-12-31', currency: BBB, source: fallback, rate: '18' },
        { day: '2020-01-02', currency: AAA, source: preferred, rate: '1.5' },
        { day: '2020-01-02', currency: BBB, source: fallback, rate: '19' },
        { day: '2020-01-03', currency: AAA, source: preferred, rate: '1.6' },
        { day: '2020-01-03', currency: BBB, source: preferred, rate: '20' },
      ]);
    });

    it('follows the order of the sources given', async () => {
      const rows = await history.preferredCloses([AAA], '2020-01-02', '2020-01-02', [fallback, preferred]);
      expect(rows).toEqual([{ day: '2020-01-02', currency: AAA, source: fallback, rate: '9.9' }]);
    });

    it('answers nothing without codes, or for a period without closes', async () => {
      expect(await history.preferredCloses([], '2020-01-01', '2020-12-31', sources)).toEqual([]);
      expect(await history.preferredCloses([AAA], '2010-01-01', '2010-12-31', sources)).toEqual([]);
    });
  });

  describe('heldRanges and storedCurrencies', () => {
    it('gives the first and last day each currency holds from the sources given, leaving out those without', async () => {
      const ranges = await history.heldRanges([AAA, BBB, EMPTY], sources);
      expect(Object.fromEntries(ranges)).toEqual({
        [AAA]: { first: '2020-01-02', last: '2021-03-01' },
        [BBB]: { first: '2019-12-31', last: '2020-01-03' },
      });
      expect(Object.fromEntries(await history.heldRanges([AAA, BBB], [fallback]))).toEqual({
        [AAA]: { first: '2020-01-02', last: '2020-01-02' },
        [BBB]: { first: '2019-12-31', last: '2020-01-02' },
      });
      expect((await history.heldRanges([], sources)).size).toBe(0);
    });

    it('lists every stored currency once, in code order', async () => {
      const stored = await history.storedCurrencies();
      expect(stored).toEqual(expect.arrayContaining([AAA, BBB]));
      expect(stored).not.toContain(EMPTY);
      expect(new Set(stored).size).toBe(stored.length);
      expect(stored.indexOf(AAA)).toBeLessThan(stored.indexOf(BBB));
    });
  });

  describe('replaceCloses', () => {
    it('writes a source’s closes, each replacing its day’s and currency’s, leaving other sources alone', async () => {
      const source = `td-${suffix}`;
      await history.replaceCloses(source, [
        { day: '2022-06-01', currency: AAA, rate: '3.25' },
        { day: '2022-06-02', currency: AAA, rate: '3.5' },
      ]);
      await history.replaceCloses(source, [{ day: '2022-06-02', currency: AAA, rate: '3.75' }]);
      const rows = await history.preferredCloses([AAA], '2022-06-01', '2022-06-02', [source]);
      expect(rows.map(({ day, rate }) => [day, rate])).toEqual([
        ['2022-06-01', '3.25'],
        ['2022-06-02', '3.75'],
      ]);
      // The preferred source's 2020 close of AAA is untouched.
      const kept = await history.preferredCloses([AAA], '2020-01-02', '2020-01-02', sources);
      expect(kept.map(({ rate }) => rate)).toEqual(['1.5']);
    });

    it('does nothing with no closes', async () => {
      await expect(history.replaceCloses(`te-${suffix}`, [])).resolves.toBeUndefined();
    });
  });

  describe('storedCloses and deleteCloses', () => {
    const source = `tf-${suffix}`;
    beforeEach(async () => {
      await history.replaceCloses(source, [
        { day: '2023-02-01', currency: AAA, rate: '4.5' },
        { day: '2023-02-02', currency: AAA, rate: '4.25' },
        { day: '2023-02-02', currency: BBB, rate: '40' },
      ]);
      await history.recordObserved(source, [
        { day: '2023-02-03', currency: AAA, rate: '4.75', observedAt: '2023-02-03T12:00:00.000Z' },
      ]);
    });
    afterEach(async () => {
      await history.deleteCloses({ sources: [source] });
    });

    it('reads the closes every condition takes, of every source, by source, day and currency', async () => {
      expect(await history.storedCloses({ sources: [source] })).toEqual([
        { source, day: '2023-02-01', currency: AAA, rate: '4.5' },
        { source, day: '2023-02-02', currency: AAA, rate: '4.25' },
        { source, day: '2023-02-02', currency: BBB, rate: '40' },
        { source, day: '2023-02-03', currency: AAA, rate: '4.75' },
      ]);
      expect(await history.storedCloses({ currencies: [BBB], from: '2023-01-01', to: '2023-12-31' })).toEqual(
        [{ source, day: '2023-02-02', currency: BBB, rate: '40' }],
      );
      const days = await history.storedCloses({ sources: [source], days: ['2023-02-01', '2023-02-03'] });
      expect(days.map(({ day }) => day)).toEqual(['2023-02-01', '2023-02-03']);
      expect(await history.storedCloses({ sources: [source], observedOnly: true })).toEqual([
        { source, day: '2023-02-03', currency: AAA, rate: '4.75' },
      ]);
      expect(await history.storedCloses({ sources: [source], to: '2023-01-31' })).toEqual([]);
    });

    it('deletes only the closes every condition takes, counting them', async () => {
      expect(await history.deleteCloses({ sources: [source], observedOnly: true })).toBe(1);
      expect(await history.deleteCloses({ currencies: [AAA], days: ['2023-02-02'], sources: [source] })).toBe(
        1,
      );
      expect(await history.deleteCloses({ sources: [source], days: ['2023-02-02'], currencies: [AAA] })).toBe(
        0,
      );
      expect(
        (await history.storedCloses({ sources: [source] })).map(({ day, currency }) => `${day} ${currency}`),
      ).toEqual([`2023-02-01 ${AAA}`, `2023-02-02 ${BBB}`]);
      expect(
        await history.deleteCloses({ currencies: [AAA, BBB], from: '2023-02-01', to: '2023-02-01' }),
      ).toBe(1);
      // Another source's closes of those currencies and days are left.
      expect(
        await history.storedCloses({ sources: [preferred], currencies: [AAA], to: '2020-01-02' }),
      ).toHaveLength(1);
    });

    it('refuses a filter without any condition: it would take the whole table', async () => {
      await expect(history.deleteCloses({})).rejects.toThrow('at least one condition');
      await expect(history.storedCloses({})).rejects.toThrow('at least one condition');
      expect(await history.storedCloses({ sources: [source] })).toHaveLength(4);
    });
  });

  describe('recordObserved and newestObserved', () => {
    const source = () => `tc-${suffix}`;
    const observed = (currency: string, rate: string, observedAt: string) => ({
      day: observedAt.slice(0, 10),
      currency,
      rate,
      observedAt,
    });

    it('does nothing with no values', async () => {
      await expect(history.recordObserved(source(), [])).resolves.toBeUndefined();
      expect(await history.newestObserved([], '2000-01-01')).toEqual([]);
    });

    it('keeps a day’s newest value: a later one replaces it, an earlier one never does', async () => {
      await history.recordObserved(source(), [observed(AAA, '2.0', '2025-05-01T10:00:00.000Z')]);
      await history.recordObserved(source(), [observed(AAA, '2.1', '2025-05-01T12:00:00.000Z')]);
      await history.recordObserved(source(), [observed(AAA, '1.9', '2025-05-01T11:00:00.000Z')]);
      const [row] = await history.newestObservedOf(source(), '2025-05-01');
      expect(row).toMatchObject({ currency: AAA, rate: '2.1', day: '2025-05-01' });
      expect(new Date(row.observed_at).toISOString()).toBe('2025-05-01T12:00:00.000Z');
    });

    it('lands concurrent writes of the same day on one row holding the newest', async () => {
      const values = Array.from({ length: 20 }, (_, i) =>
        observed(BBB, String(30 + i), new Date(Date.UTC(2025, 5, 1, 0, i)).toISOString()),
      );
      await Promise.all(
        values.map((value) => new RateHistoryRepository(orm.em.fork()).recordObserved(source(), [value])),
      );
      const rows = await history.newestObserved([BBB], '2025-06-01');
      expect(rows).toHaveLength(1);
      expect(rows[0].rate).toBe('49');
    });

    it('reads only what the ingestion recorded (imported closes carry no observation time), newest of any source', async () => {
      await imports.upsertCloses(preferred, [closes('2025-07-02', { [AAA]: '5' })]);
      await history.recordObserved(fallback, [observed(AAA, '3.3', '2025-07-01T09:00:00.000Z')]);
      const rows = await history.newestObserved([AAA, EMPTY], '2025-07-01');
      expect(rows.map(({ currency, rate, day }) => ({ currency, rate, day }))).toEqual([
        { currency: AAA, rate: '3.3', day: '2025-07-01' },
      ]);
      expect(await history.newestObserved([AAA], '2025-08-01')).toEqual([]);
      expect(await history.newestObservedOf(`td-${suffix}`, '2000-01-01')).toEqual([]);
    });
  });
});
