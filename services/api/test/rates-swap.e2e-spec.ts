import { loadBundledSnapshot, RateDecimal, RatesStore, createRatesTable } from '@fxrates/rates';
import request from 'supertest';
import { startTestApp } from './test-app';
import { testConfig } from './test-config';

async function eventually<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('rates table swap', () => {
  it('starts from the bundled snapshot when Redis has no table, then swaps on a published change', async () => {
    const t = await startTestApp(testConfig());
    try {
      const server = t.app.getHttpServer();
      const ready = await request(server).get('/api/health/ready').expect(200);
      expect(ready.body.rates.source).toBe('bundled-snapshot');
      const { body: session } = await request(server).post('/api/auth/session').expect(201);
      const convert = () =>
        request(server)
          .get('/api/rates/convert?from=USD&to=EUR&amount=100')
          .set('X-Session-Token', session.sessionToken);
      expect((await convert()).body.source).toBe('bundled-snapshot');

      const snapshot = loadBundledSnapshot();
      const perUsd = new Map(snapshot.perUsd);
      perUsd.set('EUR', new RateDecimal('0.5'));
      const changed = createRatesTable({
        source: 'test-feed',
        date: '2026-11-22',
        timestamp: '2026-11-22T12:00:00.000Z',
        perUsd,
      });
      expect(await new RatesStore(t.redis, t.config.redis.keyPrefix).publish(changed)).toBe(true);

      const res = await eventually(convert, (r) => r.body.source === 'test-feed', 1000);
      expect(res.body).toMatchObject({ rate: 0.5, result: 50, source: 'test-feed', date: '2026-11-22' });
    } finally {
      await t.close();
    }
  });

  it('loads the table already in Redis at boot', async () => {
    const config = testConfig();
    const seeding = await startTestApp(config);
    const perUsd = new Map(loadBundledSnapshot().perUsd);
    perUsd.set('GBP', new RateDecimal('0.25'));
    await new RatesStore(seeding.redis, config.redis.keyPrefix).publish(
      createRatesTable({
        source: 'seeded',
        date: '2026-11-20',
        timestamp: '2026-11-20T00:00:00.000Z',
        perUsd,
      }),
    );
    const fresh = await startTestApp(config);
    try {
      const ready = await request(fresh.app.getHttpServer()).get('/api/health/ready').expect(200);
      expect(ready.body.rates).toMatchObject({ source: 'seeded', date: '2026-11-20' });
    } finally {
      await fresh.app.close();
      await fresh.redis.quit();
      await seeding.close();
    }
  });
});
