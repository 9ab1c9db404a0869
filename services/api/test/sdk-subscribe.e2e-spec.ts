import { createFxRatesClient, type StreamEvent } from '@fxrates/sdk';
import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { until } from '../../worker/test/support/waiting';
import { CurrentRates } from '../src/modules/current-rates';
import { keysOnPlans } from './support/plan-keys';
import { publishRates } from './support/rates-tables';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** A TCP relay to the API whose connections the test can cut, as a network or a restart would. */
async function relayTo(port: number): Promise<{ server: Server; port: number; cut(): void }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    server,
    port: (server.address() as AddressInfo).port,
    cut: () => sockets.forEach((socket) => socket.destroy()),
  };
}

/** The SDK's subscribe() against the live API: events typed, reconnects, resumes. */
describe('@fxrates/sdk subscribe() against the live API', () => {
  let t: TestApp;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let key: string;
  let minute = 0;

  const publishEur = (eur: string) =>
    publishRates(t, { EUR: eur }, 'sdk-test', new Date(Date.UTC(2026, 10, 27, 13, ++minute)));

  beforeAll(async () => {
    t = await startTestApp(testConfig({ STREAM_HEARTBEAT_MS: '200' }));
    await t.app.listen(0, '127.0.0.1');
    relay = await relayTo((t.app.getHttpServer().address() as AddressInfo).port);
    ({ enterprise: key } = await keysOnPlans(t.app, ['enterprise']));
    // The tables of this test from the start, so a change of EUR is the only change of a publication.
    const baseline = await publishEur('0.7');
    await until(() => t.app.get(CurrentRates).current.version === baseline.version);
  }, 60_000);
  afterAll(async () => {
    relay?.server.close();
    await t?.close();
  });

  it('receives the snapshot and a change, reconnects after the connection is cut, and resumes with Last-Event-ID', async () => {
    const sentIds: (string | null)[] = [];
    const sdk = createFxRatesClient({
      apiKey: key,
      baseUrl: `http://127.0.0.1:${relay.port}/api/v1`,
      fetch: (request) => {
        sentIds.push(request.headers.get('last-event-id'));
        return fetch(request);
      },
    });
    const events: StreamEvent[] = [];
    const errors: string[] = [];
    const subscription = sdk.subscribe(
      { symbols: ['EUR', 'GBP'], base: 'USD' },
      {
        onEvent: (event) => events.push(event),
        onError: (error) => errors.push(error.name),
        backoff: { baseDelayMs: 50, maxDelayMs: 200 },
      },
    );
    try {
      await until(() => events.length === 1, 5000);
      const [snapshot] = events;
      expect(snapshot.type).toBe('snapshot');
      if (snapshot.type !== 'snapshot') throw new Error('not a snapshot');
      expect(Object.keys(snapshot.data.rates)).toEqual(['EUR', 'GBP']);
      expect(snapshot.data.reset).toBe(false);

      const first = await publishEur('0.71');
      await until(() => events.length === 2, 5000);
      expect(events[1]).toEqual({
        type: 'rate',
        id: first.version,
        data: expect.objectContaining({ base: 'USD', symbol: 'EUR', rate: 0.71, source: ['sdk-test'] }),
      });

      // The connection is cut; a change comes while the client is away.
      relay.cut();
      const missed = await publishEur('0.72');
      await until(() => events.length === 3, 10_000);
      expect(events[2]).toEqual({
        type: 'rate',
        id: missed.version,
        data: expect.objectContaining({ symbol: 'EUR', rate: 0.72 }),
      });
      expect(subscription.connections).toBeGreaterThanOrEqual(2);
      expect(sentIds[0]).toBeNull();
      expect(sentIds[sentIds.length - 1]).toBe(first.version);
      expect(events.filter((e) => e.type === 'snapshot')).toHaveLength(1);
      expect(errors).toContain('FxRatesConnectionError');
    } finally {
      subscription.close();
      await subscription.done;
    }
  }, 30_000);

  it('ends with a typed error for a plan without streams, without retrying', async () => {
    const { basic } = await keysOnPlans(t.app, ['basic']);
    const sdk = createFxRatesClient({ apiKey: basic, baseUrl: `http://127.0.0.1:${relay.port}` });
    const errors: [string | undefined, boolean][] = [];
    const subscription = sdk.subscribe(
      { symbols: ['EUR'] },
      {
        onEvent: () => undefined,
        onError: (error, willRetry) => errors.push(['code' in error ? error.code : undefined, willRetry]),
      },
    );
    await subscription.done;
    expect(errors).toEqual([['plan-upgrade-required', false]]);
    expect(subscription.connections).toBe(1);
  });
});
