import type { AddressInfo } from 'node:net';
import { createRatesTable, loadBundledSnapshot, RatesStore } from '@fxrates/rates';
import request from 'supertest';
import { keysOnPlans } from './support/plan-keys';
import { SseClient } from './support/sse-client';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const METALS = ['XAU', 'XAG', 'XPT', 'XPD'];
const snapshot = loadBundledSnapshot();

/**
 * The four ISO 4217 metals are a third currency type, per troy ounce, on every rate
 * route from Basic up; `unit` measures a metal side in grams or kilograms; tokenised gold stays a
 * crypto asset, never served as gold nor gold as it.
 */
describe('metals (XAU, XAG, XPT, XPD) on the public API and the converter', () => {
  let t: TestApp;
  let keys: Record<'free' | 'basic' | 'professional' | 'enterprise', string>;
  const v1 = (path: string, key: string) =>
    request(t.app.getHttpServer()).get(`/api/v1${path}`).set('X-API-Key', key);

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    keys = await keysOnPlans(t.app, ['free', 'basic', 'professional', 'enterprise']);
  });
  afterAll(() => t.close());

  describe('the catalogue', () => {
    it('lists the metals with type=metal, in Basic and up, quoted by the bundled snapshot offline', async () => {
      const free = (await v1('/currencies?type=metal', keys.free).expect(200)).body.currencies;
      expect(free.map((c: { code: string }) => c.code)).toEqual(METALS);
      const { historyFrom, ...gold } = free[0];
      expect(gold).toEqual({
        code: 'XAU',
        name: 'Gold (troy ounce)',
        type: 'metal',
        symbol: 'oz t',
        featured: false,
        inYourPlan: false,
        available: true,
      });
      // The shared test database may hold gold closes another suite stored, or none.
      expect(historyFrom === null || /^\d{4}-\d{2}-\d{2}$/.test(historyFrom)).toBe(true);
      const basic = (await v1('/currencies?type=metal', keys.basic).expect(200)).body.currencies;
      expect(basic.every((c: { inYourPlan: boolean }) => c.inYourPlan)).toBe(true);

      const all = (await v1('/currencies', keys.basic).expect(200)).body.currencies;
      expect(all.slice(-4).map((c: { code: string }) => c.code)).toEqual(METALS);
      expect(all.find((c: { code: string }) => c.code === 'PAXG')).toMatchObject({ type: 'crypto' });
      const crypto = (await v1('/currencies?type=crypto', keys.basic).expect(200)).body.currencies;
      expect(crypto.some((c: { code: string }) => METALS.includes(c.code))).toBe(false);

      const bad = await v1('/currencies?type=metals', keys.basic).expect(400);
      expect(bad.body).toMatchObject({
        code: 'validation-failed',
        message: '"type" must be fiat, crypto or metal.',
      });
    });
  });

  describe('plans', () => {
    it.each([
      ['/rates/latest?symbols=EUR,XAU'],
      ['/rates/latest?base=XAG'],
      ['/rates/rate?from=XPT&to=USD'],
      ['/convert?from=USD&to=XPD&amount=1'],
      ['/rates/convert?from=XAU&to=EUR&amount=1&unit=g'],
    ])('refuses a Free key %s with 403 plan-upgrade-required naming Basic', async (path) => {
      const res = await v1(path, keys.free).expect(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe('plan-upgrade-required');
      expect(res.body.message).toMatch(/^X[A-Z]{2} needs the Basic plan or higher; your plan is Free\./);
    });

    it("leaves metals out of a Free key's latest table and puts them in a Basic key's", async () => {
      const free = (await v1('/rates/latest', keys.free).expect(200)).body.rates;
      expect(METALS.filter((code) => code in free)).toEqual([]);
      const basic = (await v1('/rates/latest', keys.basic).expect(200)).body.rates;
      expect(METALS.filter((code) => code in basic)).toEqual(METALS);
    });
  });

  describe('every rate route', () => {
    it('serves latest and rate per troy ounce, flagged stale from the offline snapshot', async () => {
      const rate = await v1('/rates/rate?from=XAU&to=USD', keys.basic).expect(200);
      expect(rate.body).toMatchObject({
        from: 'XAU',
        to: 'USD',
        rate: 4129.100455,
        source: ['bundled-snapshot'],
        date: snapshot.date,
        stale: true,
        marketClosed: false,
      });
      const latest = await v1('/rates/latest?base=XAU&symbols=XAG,XPT,XPD,EUR', keys.basic).expect(200);
      expect(latest.body.rates).toEqual({
        XAG: 68.11733252,
        XPT: 2.434167893,
        XPD: 3.417153935,
        EUR: 3634.541081,
      });
    });

    it('takes metals on historical, timeseries and fluctuation (gating and validation; the closes are history’s)', async () => {
      // Whatever history holds for a metal, a metal is never an unknown currency nor outside Enterprise.
      for (const path of [
        '/rates/historical/2026-04-13?base=USD&symbols=XAU',
        '/rates/timeseries?start=2026-04-01&end=2026-04-13&base=XAU&symbols=USD',
        '/rates/fluctuation?start=2026-04-01&end=2026-04-13&symbols=XAG',
      ]) {
        const res = await v1(path, keys.enterprise);
        expect([path, res.status]).not.toEqual([path, 400]);
        expect([path, res.status]).not.toEqual([path, 403]);
        if (res.status !== 200) expect(res.body.code).toBe('history-unavailable');
      }
      // Basic has historical but the metal is in its plan: refused only for the endpoint it lacks.
      const timeseries = await v1(
        '/rates/timeseries?start=2026-04-01&end=2026-04-13&symbols=XAU',
        keys.basic,
      );
      expect(timeseries.status).toBe(403);
      expect(timeseries.body.message).toMatch(/Professional/);
      const free = await v1('/rates/historical/2026-04-13?symbols=XAU', keys.free).expect(403);
      expect(free.body.code).toBe('plan-upgrade-required');
    });

    it('streams metals to a plan with streams', async () => {
      await t.app.listen(0, '127.0.0.1');
      const port = (t.app.getHttpServer().address() as AddressInfo).port;
      const stream = await SseClient.open(port, '/api/v1/stream?base=USD&symbols=XAU,PAXG', {
        'X-API-Key': keys.enterprise,
      });
      try {
        expect(stream.status).toBe(200);
        const first = await stream.next();
        expect(first.event).toBe('snapshot');
        const rates = (JSON.parse(first.data) as { rates: Record<string, number> }).rates;
        expect(rates).toEqual({ XAU: 0.0002421835, PAXG: 0.00024162818 });
      } finally {
        stream.close();
      }
    });
  });

  describe('convert with unit=ozt|g|kg', () => {
    it('measures a metal `from` in the unit: 31.1034768 g of gold are one troy ounce', async () => {
      const ounce = await v1('/convert?from=XAU&to=USD&amount=1', keys.basic).expect(200);
      expect(ounce.body).toMatchObject({
        rate: 4129.100455,
        result: 4129.10045482,
        unit: 'ozt',
        minorUnits: 2,
      });
      const grams = await v1('/convert?from=XAU&to=USD&amount=31.1034768&unit=g', keys.basic).expect(200);
      expect(grams.body).toMatchObject({ amount: 31.1034768, result: 4129.10045482, unit: 'g' });
      expect(grams.body.rate).toBe(132.7536623);
      const kilo = await v1('/convert?from=XAU&to=USD&amount=1&unit=kg&numbers=string', keys.basic).expect(
        200,
      );
      expect(kilo.body).toMatchObject({ rate: '132753.6623', result: '132753.66227934', unit: 'kg' });
    });

    it('counts a metal `to` in the unit, with null minor units, on the alias as on /convert', async () => {
      for (const path of ['/convert', '/rates/convert']) {
        const res = await v1(`${path}?from=USD&to=XAU&amount=1000&unit=g`, keys.basic).expect(200);
        expect(res.body).toMatchObject({
          from: 'USD',
          to: 'XAU',
          result: 7.53274887,
          unit: 'g',
          minorUnits: null,
        });
      }
      const metals = await v1('/convert?from=XAU&to=XAG&amount=1&unit=kg', keys.basic).expect(200);
      expect(metals.body).toMatchObject({ rate: 68.11733252, result: 68.11733252, unit: 'kg' });
    });

    it('writes no unit when no side is a metal, and refuses one given there', async () => {
      const fiat = await v1('/convert?from=USD&to=EUR&amount=1', keys.basic).expect(200);
      expect(fiat.body).not.toHaveProperty('unit');
      for (const pair of ['from=USD&to=EUR', 'from=PAXG&to=USD', 'from=USD&to=XAUT']) {
        const res = await v1(`/convert?${pair}&amount=1&unit=g`, keys.enterprise).expect(400);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.body).toMatchObject({ status: 400, code: 'unit-without-metal' });
        expect(res.body.message).toMatch(/"unit" measures a metal \(XAU, XAG, XPT, XPD\), and neither/);
      }
    });

    it.each(['oz', 'G', 'lb', '', 'ozt,g'])('refuses unit=%s with 400 invalid-unit', async (unit) => {
      const res = await v1(`/convert?from=XAU&to=USD&amount=1&unit=${unit}`, keys.basic).expect(400);
      expect(res.body).toMatchObject({ code: 'invalid-unit' });
      expect(res.body.message).toMatch(/^"unit" must be "ozt", "g" or "kg"/);
    });

    it('refuses unit given twice as any repeated parameter is', async () => {
      const res = await v1('/convert?from=XAU&to=USD&amount=1&unit=g&unit=kg', keys.basic).expect(400);
      expect(res.body.code).toBe('validation-failed');
    });

    it('converts metals on the landing converter too, with the same unit and errors', async () => {
      const session = await request(t.app.getHttpServer()).post('/api/auth/session').expect(201);
      const converter = (query: string) =>
        request(t.app.getHttpServer())
          .get(`/api/rates/convert?${query}`)
          .set('X-Session-Token', session.body.sessionToken);
      const grams = await converter('from=XAU&to=USD&amount=31.1034768&unit=g').expect(200);
      expect(grams.body).toMatchObject({ rate: 132.7536623, result: 4129.10045482, unit: 'g', stale: true });
      expect((await converter('from=USD&to=EUR&amount=1').expect(200)).body).not.toHaveProperty('unit');
      expect((await converter('from=USD&to=EUR&amount=1&unit=g').expect(400)).body.code).toBe(
        'unit-without-metal',
      );
      expect((await converter('from=XAG&to=USD&amount=1&unit=ounce').expect(400)).body.code).toBe(
        'invalid-unit',
      );
      // The converter's sparkline takes a metal pair: its closes are history's, never a refusal of the code.
      const sparkline = await request(t.app.getHttpServer())
        .get('/api/rates/history?from=XAU&to=USD')
        .set('X-Session-Token', session.body.sessionToken);
      expect([200, 404]).toContain(sparkline.status);
    });
  });

  describe('tokenised gold is never blended with gold', () => {
    it('answers each at its own price, and a missing one is rate-unavailable, never the other', async () => {
      const both = await v1('/rates/latest?base=USD&symbols=XAU,PAXG,XAUT', keys.enterprise).expect(200);
      expect(both.body.rates).toEqual({ XAU: 0.0002421835, PAXG: 0.00024162818, XAUT: 0.00024194541 });

      // A table that has the token and not the metal, then the metal and not the token.
      for (const [present, absent] of [
        ['PAXG', 'XAU'],
        ['XAU', 'PAXG'],
      ]) {
        const perUsd = new Map(snapshot.perUsd);
        perUsd.delete(absent);
        const timestamp = new Date().toISOString();
        await new RatesStore(t.redis, t.config.redis.keyPrefix).publish(
          createRatesTable({ source: 'metals-test', date: timestamp.slice(0, 10), timestamp, perUsd }),
        );
        let res = await v1(`/rates/rate?from=USD&to=${absent}`, keys.enterprise);
        const deadline = Date.now() + 5000;
        // Until the API swaps to the new table the old one still quotes both.
        while (res.status === 200 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          res = await v1(`/rates/rate?from=USD&to=${absent}`, keys.enterprise);
        }
        expect(res.status).toBe(503);
        expect(res.body.code).toBe('rate-unavailable');
        const other = await v1(`/rates/rate?from=USD&to=${present}`, keys.enterprise).expect(200);
        expect(other.body.source).toEqual(['metals-test']);
      }
    });
  });
});
