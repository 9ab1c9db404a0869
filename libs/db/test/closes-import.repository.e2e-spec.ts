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
    (await imports.storedCloses({ sources: [of] })).map(
      ({ day, currency, rate }) => `${day} ${currency} ${rate}`,
    );

  beforeAll(async () => {
    db = await connectClient();
    imports = new ClosesImportRepository(db);
  });
  afterAll(async () => {
    await imports.deleteCloses({ sources: [source, other] });
    await imports.forgetCheckedThrough([source, other]);
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
      await imports.deleteCloses({ sources: seeded, from: '1990-01-01', to: '1990-01-05' });
    }
  });

  it('vacuums and analyses rate_history, as its statistics read afresh tell', async () => {
    const before = await imports.manualMaintenance();
    await imports.vacuumAnalyse();
    const after = await imports.manualMaintenance();
    expect(after.vacuums).toBe(before.vacuums + 1);
    expect(after.analyses).toBe(before.analyses + 1);
    expect(after.lastAnalysedAt).toBeInstanceOf(Date);
    expect(after.lastAnalysedAt).not.toEqual(before.lastAnalysedAt);
  });

  describe('storedSpan', () => {
    it('gives the closes, days, currencies, first and last day a source holds', async () => {
      const spanned = `tl-${suffix}`;
      try {
        expect(await imports.storedSpan(spanned)).toEqual({
          rates: 0,
          days: 0,
          currencies: 0,
          first: null,
          last: null,
        });
        await imports.upsertCloses(spanned, [
          closes('1993-03-02', { EUR: '0.9', GBP: '0.8' }),
          closes('1993-03-01', { EUR: '0.91' }),
          closes('1993-03-05', { EUR: '0.92' }),
        ]);
        expect(await imports.storedSpan(spanned)).toEqual({
          rates: 4,
          days: 3,
          currencies: 2,
          first: '1993-03-01',
          last: '1993-03-05',
        });
      } finally {
        await imports.deleteCloses({ sources: [spanned] });
      }
    });
  });

  describe('storedCloses and deleteCloses', () => {
    const [first, second] = [`tm-${suffix}`, `tn-${suffix}`];
    beforeEach(async () => {
      await imports.upsertCloses(first, [
        closes('1994-05-02', { EUR: '0.9', GBP: '0.8' }),
        closes('1994-05-03', { EUR: '0.91', GBP: '0.81' }),
        closes('1994-05-04', { EUR: '0.92' }),
      ]);
      await imports.upsertCloses(second, [closes('1994-05-03', { EUR: '0.95' })]);
    });
    afterEach(async () => {
      await imports.deleteCloses({ sources: [first, second] });
    });

    it('reads the closes every condition takes, by source, day and currency', async () => {
      expect(await imports.storedCloses({ sources: [second, first], from: '1994-05-03' })).toEqual([
        { source: first, day: '1994-05-03', currency: 'EUR', rate: '0.91' },
        { source: first, day: '1994-05-03', currency: 'GBP', rate: '0.81' },
        { source: first, day: '1994-05-04', currency: 'EUR', rate: '0.92' },
        { source: second, day: '1994-05-03', currency: 'EUR', rate: '0.95' },
      ]);
      const only = await imports.storedCloses({
        sources: [first, second],
        currencies: ['GBP'],
        to: '1994-05-02',
      });
      expect(only).toEqual([{ source: first, day: '1994-05-02', currency: 'GBP', rate: '0.8' }]);
      const days = await imports.storedCloses({ sources: [first], days: ['1994-05-02', '1994-05-04'] });
      expect(days.map(({ day, currency }) => `${day} ${currency}`)).toEqual([
        '1994-05-02 EUR',
        '1994-05-02 GBP',
        '1994-05-04 EUR',
      ]);
      expect(await imports.storedCloses({ sources: [] })).toEqual([]);
    });

    it('deletes only the closes every condition takes, counting them', async () => {
      expect(
        await imports.deleteCloses({ sources: [first, second], days: ['1994-05-03'], currencies: ['EUR'] }),
      ).toBe(2);
      expect(
        await imports.deleteCloses({ sources: [first], days: ['1994-05-03'], currencies: ['EUR'] }),
      ).toBe(0);
      expect(
        (await imports.storedCloses({ sources: [first, second] })).map(
          ({ day, currency }) => `${day} ${currency}`,
        ),
      ).toEqual(['1994-05-02 EUR', '1994-05-02 GBP', '1994-05-03 GBP', '1994-05-04 EUR']);
      expect(await imports.deleteCloses({ sources: [first], from: '1994-05-03', to: '1994-05-04' })).toBe(2);
      expect(await imports.storedSpan(first)).toMatchObject({
        rates: 2,
        first: '1994-05-02',
        last: '1994-05-02',
      });
    });

    it('refuses a filter without any condition: it would take the whole table', async () => {
      await expect(imports.deleteCloses({})).rejects.toThrow('at least one condition');
      await expect(imports.storedCloses({})).rejects.toThrow('at least one condition');
      expect(await imports.storedSpan(first)).toMatchObject({ rates: 5 });
    });
  });

  it('forgets how far sources were asked, for the currencies given or all of them', async () => {
    const [asked, kept] = [`to-${suffix}`, `tp-${suffix}`];
    try {
      await imports.advanceCheckedThrough(asked, ['EUR', 'GBP', 'JPY'], '1995-01-01');
      await imports.advanceCheckedThrough(kept, ['EUR'], '1995-01-01');
      await imports.forgetCheckedThrough([asked], ['EUR', 'JPY']);
      expect(Object.fromEntries(await imports.checkedThrough(asked))).toEqual({ GBP: '1995-01-01' });
      await imports.forgetCheckedThrough([asked]);
      expect((await imports.checkedThrough(asked)).size).toBe(0);
      expect(Object.fromEntries(await imports.checkedThrough(kept))).toEqual({ EUR: '1995-01-01' });
    } finally {
      await imports.forgetCheckedThrough([asked, kept]);
    }
  });
});
