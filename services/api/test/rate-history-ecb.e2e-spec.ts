import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ClosesImportRepository } from '@fxrates/db';
import type { Client } from 'pg';
import request from 'supertest';
import { backfillEcbHistory, type BackfillResult } from '../../worker/src/history/ecb-backfill';
import { connectTestDatabase } from '../../worker/test/support/history-rows';
import { keysOnPlans } from './support/plan-keys';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** The ECB's closes: first in the history's precedence. */
const HISTORY_SOURCE = 'ecb';

/** The ECB's real history (shared/data beside the repository, as in CI), or ECB_HISTORY_CSV. */
const ECB_CSV =
  process.env.ECB_HISTORY_CSV ?? path.resolve(__dirname, '../../../../shared/data/ecb/eurofxref-hist.csv');

/**
 * The history endpoints on the ECB's real CSV (1999-01-04 … 2026-04-13), imported the way an
 * operator does (`rates:backfill --source ecb --url`) from a loopback server that serves the file
 * as the ECB does. Expected figures are worked out by hand from the CSV's rows, quoted beside them.
 */
describe('rate history on the real ECB CSV', () => {
  let t: TestApp;
  let db: Client;
  let server: Server;
  let imported: BackfillResult;
  let keys: Record<string, string>;
  const v1 = (route: string, plan = 'professional') =>
    request(t.app.getHttpServer()).get(`/api/v1${route}`).set('X-API-Key', keys[plan]);

  beforeAll(async () => {
    if (!fs.existsSync(ECB_CSV)) {
      throw new Error(
        `The ECB history is not at ${ECB_CSV}: put shared/ beside the repository or set ECB_HISTORY_CSV`,
      );
    }
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      fs.createReadStream(ECB_CSV).pipe(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    db = await connectTestDatabase();
    imported = await backfillEcbHistory(db, {
      input: `http://127.0.0.1:${(server.address() as AddressInfo).port}/eurofxref-hist.csv`,
      source: HISTORY_SOURCE,
    });

    t = await startTestApp(testConfig());
    keys = await keysOnPlans(t.app, ['free', 'basic', 'professional']);
  }, 120_000);

  afterAll(async () => {
    if (db) {
      await new ClosesImportRepository(db).deleteCloses({
        sources: [HISTORY_SOURCE],
        from: imported?.first ?? '1999-01-04',
        to: imported?.last ?? '2026-04-13',
      });
    }
    await db?.end();
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('imports every working day of the file', () => {
    expect(imported).toMatchObject({ first: '1999-01-04', last: '2026-04-13', days: 6983 });
  });

  describe('historical', () => {
    it("gives back the CSV's own row in base EUR after the round trip through USD", async () => {
      // 2026-04-13,1.1684,186.75,…,0.87058 (GBP),…,0.9242 (CHF)
      const res = await v1('/rates/historical/2026-04-13?base=EUR&symbols=USD,JPY,GBP,CHF', 'basic').expect(
        200,
      );
      expect(res.body).toMatchObject({
        base: 'EUR',
        date: '2026-04-13',
        source: ['ecb'],
        rates: { USD: 1.1684, JPY: 186.75, GBP: 0.87058, CHF: 0.9242 },
      });
      expect(res.body.carriedForwardFrom).toBeUndefined();
    });

    it('answers Easter Monday with the Thursday before, re-based on USD', async () => {
      // No rows for Good Friday (04-03) nor Easter Monday (04-06); 2026-04-02: USD 1.1525, JPY 183.94,
      // GBP 0.87253. EUR per USD 1 / 1.1525, GBP 0.87253 / 1.1525, JPY 183.94 / 1.1525.
      const res = await v1('/rates/historical/2026-04-06?symbols=EUR,GBP,JPY', 'basic').expect(200);
      expect(res.body).toMatchObject({
        base: 'USD',
        date: '2026-04-06',
        carriedForwardFrom: '2026-04-02',
        rates: { EUR: 0.8676789588, GBP: 0.7570759219, JPY: 159.6008677 },
      });
    });

    it('answers a Saturday with the Friday before', async () => {
      const res = await v1('/rates/historical/2026-04-11?base=EUR&symbols=USD', 'basic').expect(200);
      expect(res.body).toMatchObject({ carriedForwardFrom: '2026-04-10', rates: { USD: 1.1711 } });
    });

    it('answers the first day of the history', async () => {
      // 1999-01-04,1.1789,133.73,…
      const first = await v1('/rates/historical/1999-01-04?base=EUR&symbols=USD,JPY', 'basic').expect(200);
      expect(first.body.rates).toEqual({ USD: 1.1789, JPY: 133.73 });
    });

    it.each([
      ['/rates/historical/2026-02-29', 400, 'invalid-date'],
      ['/rates/historical/2026-13-01', 400, 'invalid-date'],
      ['/rates/historical/2026-04-00', 400, 'invalid-date'],
      ['/rates/historical/2999-01-01', 400, 'date-out-of-range'],
      ['/rates/historical/1998-12-24', 404, 'history-unavailable'],
    ])('%s → %i %s', async (route, status, code) => {
      expect((await v1(route, 'basic').expect(status)).body.code).toBe(code);
    });

    it('is refused to the Free plan, naming Basic', async () => {
      const refused = await v1('/rates/historical/2026-04-13', 'free').expect(403);
      expect(refused.body.code).toBe('plan-upgrade-required');
      expect(refused.body.message).toContain('Basic');
    });
  });

  describe('timeseries', () => {
    it('lists the working days only, with the CSV values, as one metered call', async () => {
      const before = (await v1('/usage').expect(200)).body.used;
      const res = await v1('/rates/timeseries?start=2026-03-30&end=2026-04-10&base=EUR&symbols=USD').expect(
        200,
      );
      expect(res.body.rates).toEqual({
        '2026-03-30': { USD: 1.1484 },
        '2026-03-31': { USD: 1.1498 },
        '2026-04-01': { USD: 1.1605 },
        '2026-04-02': { USD: 1.1525 },
        '2026-04-07': { USD: 1.1557 },
        '2026-04-08': { USD: 1.1706 },
        '2026-04-09': { USD: 1.1685 },
        '2026-04-10': { USD: 1.1711 },
      });
      expect((await v1('/usage').expect(200)).body.used).toBe(before + 1);
    });

    it.each([
      ['?start=2026-04-31&end=2026-05-04', 400, 'invalid-date'],
      ['?start=2026-03-30&end=2999-01-01', 400, 'date-out-of-range'],
      ['?start=1989-12-01&end=1989-12-29', 404, 'history-unavailable'],
    ])('%s → %i %s, not counted', async (query, status, code) => {
      const before = (await v1('/usage').expect(200)).body.used;
      expect((await v1(`/rates/timeseries${query}`).expect(status)).body.code).toBe(code);
      expect((await v1('/usage').expect(200)).body.used).toBe(before);
    });

    it('refuses more than 366 days, and the Basic plan', async () => {
      const long = await v1('/rates/timeseries?start=2024-01-01&end=2025-01-02&symbols=EUR').expect(400);
      expect(long.body.code).toBe('date-out-of-range');
      const basic = await v1('/rates/timeseries?start=2026-03-30&end=2026-04-10', 'basic').expect(403);
      expect(basic.body.message).toContain('Professional');
    });
  });

  describe('fluctuation', () => {
    it('in base EUR: the CSV values on the business days either end, their change and change %', async () => {
      // 01-01 is a holiday → 2025-12-31: USD 1.175, JPY 184.09, GBP 0.8726.
      // 04-06 is Easter Monday → 2026-04-02: USD 1.1525, JPY 183.94, GBP 0.87253.
      const res = await v1(
        '/rates/fluctuation?start=2026-01-01&end=2026-04-06&base=EUR&symbols=USD,GBP,JPY',
      ).expect(200);
      expect(res.body).toMatchObject({ base: 'EUR', startDay: '2025-12-31', endDay: '2026-04-02' });
      expect(res.body.rates).toEqual({
        // -0.0225 / 1.175 = -1.91489…%
        USD: { startRate: 1.175, endRate: 1.1525, change: -0.0225, changePct: -1.9149 },
        // -0.00007 / 0.8726 = -0.00802…%
        GBP: { startRate: 0.8726, endRate: 0.87253, change: -0.00007, changePct: -0.008 },
        // -0.15 / 184.09 = -0.08148…%
        JPY: { startRate: 184.09, endRate: 183.94, change: -0.15, changePct: -0.0815 },
      });
    });

    it.each([
      ['?start=2026-01-01&end=2026-02-30', 400, 'invalid-date'],
      ['?start=2026-04-06&end=2026-01-01', 400, 'date-out-of-range'],
      ['?start=2026-01-01&end=2999-01-01', 400, 'date-out-of-range'],
      ['?start=1989-12-01&end=1989-12-29', 404, 'history-unavailable'],
      ['?start=2026-01-01', 400, 'missing-parameter'],
    ])('%s → %i %s', async (query, status, code) => {
      expect((await v1(`/rates/fluctuation${query}`).expect(status)).body.code).toBe(code);
    });

    it('is refused to the Basic plan, naming Professional', async () => {
      const refused = await v1('/rates/fluctuation?start=2026-01-01&end=2026-04-06', 'basic').expect(403);
      expect(refused.body.code).toBe('plan-upgrade-required');
      expect(refused.body.message).toContain('Professional');
    });

    it('in base USD: cross rates through USD, rounded only at the end', async () => {
      // EUR per USD: 1 / 1.175 = 0.8510638298 → 1 / 1.1525 = 0.8676789588;
      // GBP per USD: 0.8726 / 1.175 = 0.7426382979 → 0.87253 / 1.1525 = 0.7570759219.
      const res = await v1('/rates/fluctuation?start=2026-01-01&end=2026-04-06&symbols=EUR,GBP').expect(200);
      expect(res.body.rates).toEqual({
        EUR: { startRate: 0.8510638298, endRate: 0.8676789588, change: 0.016615129, changePct: 1.9523 },
        GBP: { startRate: 0.7426382979, endRate: 0.7570759219, change: 0.014437624, changePct: 1.9441 },
      });
    });
  });
});
