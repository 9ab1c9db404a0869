import { EntityManager } from '@mikro-orm/postgresql';
import { ApiKey } from '@fxrates/db';
import type { AddressInfo } from 'node:net';
import { until } from '../../worker/test/support/waiting';
import { ApiKeyResolver, KeysService } from '../src/modules/keys';
import { UserPlansService } from '../src/modules/plans';
import { StreamHub } from '../src/modules/streams';
import { keysOnPlans } from './support/plan-keys';
import { SseClient } from './support/sse-client';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/**
 * A stream outlives the call that checked its key: a key disabled or a plan changed while it is open
 * reaches it too (announced at once; should the announcement be lost, within the key cache's age).
 */
describe('rate streams after their key or plan changes', () => {
  let announced: TestApp;
  let unannounced: TestApp;
  const clients: SseClient[] = [];

  const open = async (t: TestApp, key: string) => {
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const client = await SseClient.open(port, '/api/v1/stream?symbols=EUR', { 'X-API-Key': key });
    clients.push(client);
    expect(client.status).toBe(200);
    expect((await client.next()).event).toBe('snapshot');
    return client;
  };
  const owner = async (t: TestApp, key: string) => t.app.get(ApiKeyResolver).resolve(key);
  const lastWords = async (client: SseClient) => {
    await client.ended;
    return client.pending;
  };

  beforeAll(async () => {
    // Announcements only: the periodic re-read would not come within these tests.
    announced = await startTestApp(testConfig({ API_CACHE_MAX_AGE_SECONDS: '3600' }));
    // Re-read every half second: what finds a change whose announcement was lost.
    unannounced = await startTestApp(testConfig({ API_CACHE_MAX_AGE_SECONDS: '1' }));
    await announced.app.listen(0, '127.0.0.1');
    await unannounced.app.listen(0, '127.0.0.1');
  }, 60_000);
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await until(() => [announced, unannounced].every((t) => t.app.get(StreamHub).open === 0), 5000);
  });
  afterAll(async () => {
    await unannounced?.close();
    await announced?.close();
  });

  it('ends the streams of a key disabled in the dashboard with api-key-disabled, and only those', async () => {
    const { professional: key } = await keysOnPlans(announced.app, ['professional']);
    const { professional: other } = await keysOnPlans(announced.app, ['professional']);
    const [stream, untouched] = [await open(announced, key), await open(announced, other)];
    const { userId, keyId } = await owner(announced, key);
    await announced.app.get(KeysService).disable(userId, keyId, { ip: null, userAgent: null });
    const [error] = await lastWords(stream);
    expect(error.event).toBe('error');
    expect(JSON.parse(error.data)).toMatchObject({ status: 403, code: 'api-key-disabled' });
    expect(untouched.endedAt).toBeUndefined();
    // And the key opens no new one.
    const { port } = announced.app.getHttpServer().address() as AddressInfo;
    const again = await SseClient.open(port, '/api/v1/stream?symbols=EUR', { 'X-API-Key': key });
    expect([again.status, again.problem.code]).toEqual([403, 'api-key-disabled']);
  });

  it('ends the stream of a key whose scopes no longer include stream with scope-not-allowed', async () => {
    const { professional: key } = await keysOnPlans(announced.app, ['professional']);
    const stream = await open(announced, key);
    const { userId, keyId } = await owner(announced, key);
    await announced.app
      .get(KeysService)
      .update(userId, keyId, { scopes: ['rates:read'] }, { ip: null, userAgent: null });
    const [error] = await lastWords(stream);
    expect(JSON.parse(error.data)).toMatchObject({ status: 403, code: 'scope-not-allowed' });
  });

  it('finds a key expired since on the next re-read, and ends its stream with api-key-expired', async () => {
    expect(
      await lastEventAfterUnannounced((em, id) =>
        em.nativeUpdate(ApiKey, { id }, { expiresAt: new Date(Date.now() - 1000) }),
      ),
    ).toMatchObject({ status: 401, code: 'api-key-expired' });
  });

  it('ends a stream whose owner moves to a plan without streams with the problem a new one would get', async () => {
    const { professional: key } = await keysOnPlans(announced.app, ['professional']);
    const stream = await open(announced, key);
    await announced.app.get(UserPlansService).changePlan((await owner(announced, key)).userId, 'basic');
    const [error] = await lastWords(stream);
    expect(error.event).toBe('error');
    expect(JSON.parse(error.data)).toMatchObject({ status: 403, code: 'plan-upgrade-required' });
  });

  it('asks a stream whose owner moves to another plan with streams to reconnect, and the new one serves it', async () => {
    const { professional: key } = await keysOnPlans(announced.app, ['professional']);
    const stream = await open(announced, key);
    await announced.app.get(UserPlansService).changePlan((await owner(announced, key)).userId, 'enterprise');
    expect(await lastWords(stream)).toEqual([]);
    expect(stream.comments).toContain('your plan changed, reconnect');
    await open(announced, key);
  });

  /**
   * A stream's last event after `change` changed its key in PostgreSQL with nobody told (as if the
   * announcement were lost): the instance's periodic re-read is what finds it.
   */
  const lastEventAfterUnannounced = async (change: (em: EntityManager, keyId: string) => Promise<number>) => {
    const { professional: key } = await keysOnPlans(unannounced.app, ['professional']);
    const stream = await open(unannounced, key);
    const { keyId } = await owner(unannounced, key);
    await change(unannounced.app.get(EntityManager).fork(), keyId);
    const [error] = await lastWords(stream);
    return JSON.parse(error.data) as { status: number; code: string };
  };

  it('finds a key disabled without an announcement on the next re-read of the keys', async () => {
    expect(
      await lastEventAfterUnannounced((em, id) => em.nativeUpdate(ApiKey, { id }, { status: 'disabled' })),
    ).toMatchObject({
      status: 403,
      code: 'api-key-disabled',
    });
  });

  it('ends the stream of a key deleted since with invalid-api-key', async () => {
    expect(await lastEventAfterUnannounced((em, id) => em.nativeDelete(ApiKey, { id }))).toMatchObject({
      status: 401,
      code: 'invalid-api-key',
    });
  });
});
