import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startThrowawayRedis, type ThrowawayRedis } from '../../worker/test/support/throwaway-redis';
import { until } from '../../worker/test/support/waiting';
import { StreamHub } from '../src/modules/streams';
import { keysOnPlans } from './support/plan-keys';
import { publishRates } from './support/rates-tables';
import { SseClient } from './support/sse-client';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const portOf = (t: TestApp) => (t.app.getHttpServer().address() as AddressInfo).port;

/** The bundled snapshot with EUR at `eur` per USD, published at 12:00:`second`. */
const publishEur = (t: TestApp, eur: string, second: number) =>
  publishRates(t, { EUR: eur }, 'lifecycle', new Date(Date.UTC(2026, 10, 27, 12, 0, second)));

describe('rate stream metering while open', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    // A "period" of 600 ms stands for the hour; a quota of 3 calls runs out on the third period.
    t = await startTestApp(
      testConfig({
        STREAM_HEARTBEAT_MS: '100',
        STREAM_METER_PERIOD_MS: '600',
        PLAN_LIMITS: 'professional=3:50',
      }),
    );
    await t.app.listen(0, '127.0.0.1');
    ({ professional: key } = await keysOnPlans(t.app, ['professional']));
  }, 60_000);
  afterAll(() => t?.close());

  it('counts one call per started period, and ends the stream with an error event when the quota runs out', async () => {
    const used = async () =>
      (await request(t.app.getHttpServer()).get('/api/v1/usage').set('X-API-Key', key).expect(200)).body
        .used as number;
    const stream = await SseClient.open(portOf(t), '/api/v1/stream?symbols=EUR', { 'X-API-Key': key });
    expect(stream.status).toBe(200);
    expect((await stream.next()).event).toBe('snapshot');
    expect(await used()).toBeGreaterThanOrEqual(1);
    await until(async () => (await used()) === 3, 10_000);
    const error = await stream.next(10_000);
    expect(error.event).toBe('error');
    expect(JSON.parse(error.data)).toMatchObject({ status: 429, code: 'quota-exceeded' });
    await stream.ended;
    expect(await used()).toBe(3);
    await until(() => t.app.get(StreamHub).open === 0, 5000);
  });
});

describe('rate stream when Redis goes away, and at shutdown', () => {
  let redis: ThrowawayRedis;
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    t = await startTestApp(testConfig({ REDIS_URL: redis.url, STREAM_HEARTBEAT_MS: '100' }));
    await t.app.listen(0, '127.0.0.1');
    ({ enterprise: key } = await keysOnPlans(t.app, ['enterprise']));
  }, 60_000);
  afterAll(async () => {
    await t?.redis.quit();
    await redis?.stop();
  });

  it('keeps the stream open with heartbeats while Redis is down, then sends the changes announced after it is back', async () => {
    const stream = await SseClient.open(portOf(t), '/api/v1/stream?symbols=EUR,GBP', { 'X-API-Key': key });
    expect(stream.status).toBe(200);
    expect((await stream.next()).event).toBe('snapshot');
    await redis.kill();
    const before = stream.comments.length;
    await stream.comment(before + 5, 5000);
    // The process still answers, and a new stream is refused as an outage (503), not a crash.
    const refused = await SseClient.open(portOf(t), '/api/v1/stream?symbols=EUR', { 'X-API-Key': key });
    expect([refused.status, refused.problem.code]).toEqual([503, 'service-unavailable']);
    expect(stream.endedAt).toBeUndefined();

    await redis.start();
    await until(async () => {
      try {
        return (await t.redis.ping()) === 'PONG';
      } catch {
        return false;
      }
    }, 10_000);
    // The instance re-subscribes after the reconnect; announce until the change reaches it.
    let second = 0;
    await until(async () => {
      await publishEur(t, `0.${70 + second}`, ++second);
      return stream.events.some((e) => e.event === 'rate');
    }, 15_000);
    const change = stream.events.find((e) => e.event === 'rate')!;
    expect(JSON.parse(change.data)).toMatchObject({ base: 'USD', symbol: 'EUR', source: ['lifecycle'] });
  }, 60_000);

  it('ends open streams cleanly when the instance shuts down', async () => {
    // Every connection of the instance to the restarted Redis (metering has its own) is back first.
    let stream!: SseClient;
    await until(async () => {
      stream = await SseClient.open(portOf(t), '/api/v1/stream?symbols=EUR', { 'X-API-Key': key });
      return stream.status === 200;
    }, 10_000);
    await stream.next();
    await t.app.close();
    await stream.ended;
    expect(stream.comments).toContain('server shutting down, reconnect');
  }, 30_000);
});
