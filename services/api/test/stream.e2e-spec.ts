import { loadBundledSnapshot, type RatesTable } from '@fxrates/rates';
import { CURRENCIES } from '@fxrates/domain';
import { connect, type AddressInfo } from 'node:net';
import request from 'supertest';
import { until } from '../../worker/test/support/waiting';
import type { MetricValueWithName } from 'prom-client';
import { ApiMetrics } from '../src/common/metrics';
import { StreamHub } from '../src/modules/streams';
import { schemaValidator, type OpenApiDocument } from './support/openapi-document';
import { keysOnPlans } from './support/plan-keys';
import { publishRates } from './support/rates-tables';
import { SseClient, type SseEvent } from './support/sse-client';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const ORIGIN = 'https://app.stream.test';

/** Rates tables made from the bundled snapshot, the moves of each kept in the next ones. */
class Tables {
  private moves: Record<string, string> = {};
  private minute = 0;

  constructor(private readonly t: TestApp) {}

  /** Publishes a table with these rates (per USD) moved too. */
  publish(moves: Record<string, string>): Promise<RatesTable> {
    this.moves = { ...this.moves, ...moves };
    this.minute++;
    const at = new Date(Date.UTC(2026, 10, 27, 12, this.minute % 60, Math.floor(this.minute / 60) % 60));
    return publishRates(this.t, this.moves, 'stream-test', at);
  }
}

const json = (event: SseEvent) => JSON.parse(event.data) as Record<string, unknown>;

/** GET /api/v1/stream, Server-Sent Events of the requested rates as they change. */
describe('rate stream (Server-Sent Events)', () => {
  const config = testConfig({
    CORS_ORIGINS: ORIGIN,
    STREAM_HEARTBEAT_MS: '200',
    STREAM_LIMITS: 'professional=2,enterprise=4',
    STREAM_MAX_BUFFER_BYTES: '8192',
  });
  let a: TestApp;
  let b: TestApp;
  let portA: number;
  let portB: number;
  let keys: Record<'free' | 'basic' | 'professional' | 'enterprise', string>;
  let tables: Tables;
  const clients: SseClient[] = [];

  const open = async (
    port: number,
    target: string,
    headers: Record<string, string> = {},
    key = keys.enterprise,
  ) => {
    const client = await SseClient.open(port, `/api/v1/stream${target}`, { 'X-API-Key': key, ...headers });
    clients.push(client);
    return client;
  };
  const hubs = () => [a.app.get(StreamHub), b.app.get(StreamHub)];
  const latest = async (target: string) =>
    (
      await request(a.app.getHttpServer())
        .get(`/api/v1/rates/latest${target}`)
        .set('X-API-Key', keys.enterprise)
        .expect(200)
    ).body as Record<string, unknown>;

  beforeAll(async () => {
    a = await startTestApp(config);
    b = await startTestApp(config);
    await a.app.listen(0, '127.0.0.1');
    await b.app.listen(0, '127.0.0.1');
    portA = (a.app.getHttpServer().address() as AddressInfo).port;
    portB = (b.app.getHttpServer().address() as AddressInfo).port;
    keys = await keysOnPlans(a.app, ['free', 'basic', 'professional', 'enterprise']);
    tables = new Tables(a);
  }, 60_000);
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await until(() => hubs().every((hub) => hub.open === 0), 5000);
  });
  afterAll(async () => {
    await b?.app.close();
    await b?.redis.quit();
    await a?.close();
  });

  it('sends a snapshot as /rates/latest answers it, then an event per changed requested rate, with provenance', async () => {
    await tables.publish({ EUR: '0.9', GBP: '0.8' });
    await until(() => a.app.get(StreamHub)['rates'].current.source === 'stream-test');
    const stream = await open(portA, '?symbols=EUR,GBP&base=USD');
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['ratelimit-policy']).toBeDefined();
    const snapshot = await stream.next();
    expect(snapshot.event).toBe('snapshot');
    expect(json(snapshot)).toEqual({ ...(await latest('?base=USD&symbols=EUR,GBP')), reset: false });

    const moved = await tables.publish({ EUR: '0.91', JPY: '150' });
    const change = await stream.next();
    expect(change).toMatchObject({ event: 'rate', id: moved.version });
    const one = await latest('?base=USD&symbols=EUR');
    expect(json(change)).toEqual({
      base: 'USD',
      symbol: 'EUR',
      rate: (one.rates as Record<string, number>).EUR,
      timestamp: one.timestamp,
      date: one.date,
      source: one.source,
      stale: one.stale,
      marketClosed: one.marketClosed,
    });
    expect(json(change).rate).toBe(0.91);

    // Both as the OpenAPI document describes the stream's events.
    const doc = (await request(a.app.getHttpServer()).get('/api/docs-json').expect(200))
      .body as OpenApiDocument;
    const events = doc.paths['/api/v1/stream'].get.responses['200'].content!['text/event-stream'].schema;
    const validate = schemaValidator(doc)(events);
    for (const event of [snapshot, change])
      expect([event.event, validate(json(event)), validate.errors]).toEqual([event.event, true, null]);

    // JPY alone moves: nothing for this stream; GBP then: its event is the next one.
    await tables.publish({ JPY: '151' });
    const gbp = await tables.publish({ GBP: '0.81' });
    expect(await stream.next()).toMatchObject({ event: 'rate', id: gbp.version });
    expect(stream.pending).toEqual([]);
  });

  it("shows operators the open streams and each event's delay from the table's store", async () => {
    // A histogram's values carry the name of their series (_bucket, _sum, _count).
    const values = async (name: string) =>
      (await a.app.get(ApiMetrics).registry.getSingleMetric(name)!.get())
        .values as MetricValueWithName<string>[];
    const delays = async () => {
      const series = await values('fxrates_stream_event_delay_seconds');
      const of = (suffix: string) =>
        series.find((value) => value.metricName === `fxrates_stream_event_delay_seconds_${suffix}`)?.value ??
        0;
      return { count: of('count'), sum: of('sum') };
    };
    const openStreams = async () => (await values('fxrates_streams_open'))[0].value;
    const streams = [await open(portA, '?symbols=EUR'), await open(portA, '?symbols=EUR,GBP&base=CHF')];
    for (const stream of streams) await stream.next();
    expect(await openStreams()).toBe(2);
    const before = await delays();
    const storedFrom = Date.now();
    await tables.publish({ EUR: '0.95' });
    for (const stream of streams) expect((await stream.next()).event).toBe('rate');
    const seen = Date.now();
    // One observation per stream written, each within the time from the store to the events read.
    await until(async () => (await delays()).count === before.count + 2);
    const added = (await delays()).sum - before.sum;
    expect(added).toBeGreaterThanOrEqual(0);
    expect(added).toBeLessThanOrEqual((2 * (seen - storedFrom)) / 1000);
    for (const stream of streams) stream.close();
    await until(async () => (await openStreams()) === 0);
  });

  it('writes a heartbeat comment on the shared timer', async () => {
    const stream = await open(portA, '?symbols=EUR');
    await stream.next();
    await stream.comment(2, 3000);
    expect(stream.comments.slice(0, 2)).toEqual(['heartbeat', 'heartbeat']);
  });

  it('resumes after Last-Event-ID without gaps, on this instance or another; an unknown id gets a new snapshot', async () => {
    const first = await open(portA, '?symbols=EUR,GBP,BTC');
    const snapshot = await first.next();
    first.close();
    const eur = await tables.publish({ EUR: '0.92' });
    const gbp = await tables.publish({ GBP: '0.79', CHF: '0.95' });
    await until(() => hubs().every((hub) => hub['rates'].current.version === gbp.version));
    for (const port of [portA, portB]) {
      const resumed = await open(port, '?symbols=EUR,GBP,BTC', { 'Last-Event-ID': snapshot.id! });
      const missed = [await resumed.next(), await resumed.next()];
      expect(missed.map((e) => [e.event, json(e).symbol, json(e).rate])).toEqual([
        ['rate', 'EUR', 0.92],
        ['rate', 'GBP', 0.79],
      ]);
      // One batch (EUR→GBP diffed from the snapshot's table): only its last event carries the id.
      expect(missed.map((e) => e.id)).toEqual([undefined, gbp.version]);
      expect(eur.version).not.toBe(gbp.version);
    }
    const current = await open(portB, '?symbols=EUR', { 'Last-Event-ID': gbp.version });
    await current.comment(1, 3000);
    expect(current.events).toEqual([]);
    const unknown = await open(portA, '?symbols=EUR', { 'Last-Event-ID': '0123456789abcdef' });
    const fresh = await unknown.next();
    expect(fresh).toMatchObject({ event: 'snapshot', id: gbp.version });
    expect(json(fresh).reset).toBe(true);
  });

  it('fans one change out to the streams of both instances, each instance on its one subscription', async () => {
    const onA = await open(portA, '?symbols=GBP&base=EUR');
    const onB = await open(portB, '?symbols=GBP&base=EUR');
    await Promise.all([onA.next(), onB.next()]);
    expect(hubs().map((hub) => hub.open)).toEqual([1, 1]);
    await tables.publish({ EUR: '0.93' });
    const [fromA, fromB] = await Promise.all([onA.next(), onB.next()]);
    expect(fromA).toEqual(fromB);
    expect(json(fromA)).toMatchObject({ base: 'EUR', symbol: 'GBP' });
    // One pub/sub subscription per instance, however many streams: the rates subscriber's.
    const channel = `${config.redis.keyPrefix}rates:changed`;
    const [, subscribers] = (await a.redis.call('PUBSUB', 'NUMSUB', channel)) as [string, number];
    expect(subscribers).toBe(2);
  });

  it('refuses free and basic keys with 403 plan-upgrade-required, and counts one call when opened', async () => {
    for (const plan of ['free', 'basic'] as const) {
      const refused = await open(portA, '?symbols=EUR', {}, keys[plan]);
      expect([plan, refused.status, refused.problem.code]).toEqual([plan, 403, 'plan-upgrade-required']);
    }
    const used = async () =>
      (
        await request(a.app.getHttpServer())
          .get('/api/v1/usage')
          .set('X-API-Key', keys.professional)
          .expect(200)
      ).body.used as number;
    const before = await used();
    const stream = await open(portA, '?symbols=EUR', {}, keys.professional);
    await stream.next();
    await stream.comment(3, 3000);
    expect(await used()).toBe(before + 1);
  });

  it('caps concurrent streams per user across instances (429 too-many-streams); closing or a dead instance frees a slot', async () => {
    const one = await open(portA, '?symbols=EUR', {}, keys.professional);
    const two = await open(portB, '?symbols=GBP', {}, keys.professional);
    await Promise.all([one.next(), two.next()]);
    const third = await open(portA, '?symbols=CHF', {}, keys.professional);
    expect([third.status, third.problem.code]).toEqual([429, 'too-many-streams']);
    expect(third.headers['retry-after']).toBeDefined();
    two.close();
    await until(async () => {
      const retry = await open(portA, '?symbols=CHF', {}, keys.professional);
      retry.close();
      return retry.status === 200;
    }, 5000);
    await until(() => hubs().every((hub) => hub.open <= 1), 5000);

    // What a crashed instance leaves: its count, and no alive key any more. It no longer counts.
    const [userKey] = await a.redis.keys(`${config.redis.keyPrefix}streams:user:*`);
    const owner = (await a.redis.hgetall(userKey)) as Record<string, string>;
    expect(Object.keys(owner)).toEqual([a.app.get(StreamHub).instanceId]);
    await a.redis.hset(userKey, 'crashed-instance', '2');
    const afterCrash = await open(portB, '?symbols=CHF', {}, keys.professional);
    expect(afterCrash.status).toBe(200);
    expect(await a.redis.hexists(userKey, 'crashed-instance')).toBe(0);
  });

  it('serves a browser (Origin: CORS on Fastify) the same stream', async () => {
    const stream = await open(portB, '?symbols=EUR', { Origin: ORIGIN });
    expect(stream.status).toBe(200);
    expect(stream.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect((await stream.next()).event).toBe('snapshot');
    await tables.publish({ EUR: '0.94' });
    expect(json(await stream.next())).toMatchObject({ symbol: 'EUR', rate: 0.94 });
    stream.close();
    await until(() => b.app.get(StreamHub).open === 0, 5000);
  });

  it('drops a client that does not read once its unread bytes pass the bound, and frees its slot', async () => {
    // Every currency of the table against EUR: each move of EUR changes all of them (~40 KB of events).
    const inTable = loadBundledSnapshot().perUsd;
    const symbols = CURRENCIES.map((c) => c.code)
      .filter((code) => code !== 'EUR' && inTable.has(code))
      .slice(0, 200)
      .join(',');
    const check = await open(portA, `?base=EUR&symbols=${symbols}`);
    expect([check.status, check.body]).toEqual([200, '']);
    check.close();
    await until(() => a.app.get(StreamHub).open === 0, 5000);
    const socket = connect(portA, '127.0.0.1');
    socket.pause();
    socket.write(
      `GET /api/v1/stream?base=EUR&symbols=${symbols} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${keys.enterprise}\r\n\r\n`,
    );
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await until(() => a.app.get(StreamHub).open === 1, 5000);
    let moves = 0;
    while (a.app.get(StreamHub).open === 1 && moves < 2000) {
      await tables.publish({ EUR: String(0.8 + (++moves % 100) / 1000) });
    }
    expect(a.app.get(StreamHub).open).toBe(0);
    socket.resume();
    await closed;
  }, 60_000);

  it('cleans up when clients leave: no stream left and no slot held', async () => {
    const streams = await Promise.all([portA, portA, portB].map((port) => open(port, '?symbols=EUR')));
    await Promise.all(streams.map((s) => s.next()));
    expect(hubs().map((hub) => hub.open)).toEqual([2, 1]);
    for (const s of streams) s.close();
    await until(() => hubs().every((hub) => hub.open === 0), 5000);
    await until(
      async () => (await a.redis.keys(`${config.redis.keyPrefix}streams:user:*`)).length === 0,
      5000,
    );
  });
});
