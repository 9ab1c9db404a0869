import { MikroORM } from '@mikro-orm/postgresql';
import { AnonymousSession, ApiKey, User } from '@fxrates/db';
import { Redis } from 'ioredis';
import request from 'supertest';
import { hashSessionToken } from '../src/modules/auth/session-token';
import { pubSubChannels } from '@fxrates/queues';
import { signedInUser } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const MAX_AGE_SECONDS = 2;

/**
 * Asks `probe` until it returns true. No clock is read: what each test proves is which
 * cause made the instance change its mind, each test arranged so that only one cause can; the
 * test's timeout bounds the wait.
 */
async function eventually(probe: () => Promise<boolean>): Promise<void> {
  while (!(await probe())) await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * Two API instances on one PostgreSQL and one Redis: what one changes, the other learns through a
 * Redis announcement at once, and, when the announcement is lost, through its cache's bounded trust.
 */
describe('revoking a key or changing a plan reaches every instance', () => {
  let a: TestApp;
  let b: TestApp;
  /** An instance whose cache trusts for an hour: only an announcement changes its mind in a test. */
  let trusting: TestApp;
  let accessToken: string;
  let userId: string;

  beforeAll(async () => {
    const config = testConfig({ API_CACHE_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS) });
    a = await startTestApp(config);
    b = await startTestApp(config);
    trusting = await startTestApp({ ...config, keys: { ...config.keys, cacheMaxAgeMs: 3_600_000 } });
  });
  afterAll(async () => {
    await trusting.app.close();
    await trusting.redis.quit();
    await b.app.close();
    await b.redis.quit();
    await a.close();
  });

  beforeEach(async () => {
    const signedIn = await signedInUser(a.app);
    accessToken = signedIn.accessToken;
    userId = signedIn.userId;
  });

  const newKey = async () =>
    (
      await request(a.app.getHttpServer())
        .post('/api/keys')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ name: 'cache' })
        .expect(201)
    ).body as { id: string; key: string };
  const onB = (key: string) =>
    request(b.app.getHttpServer()).get('/api/v1/rates/rate?from=USD&to=EUR').set('X-API-Key', key);
  const planOnB = async (key: string) =>
    (await request(b.app.getHttpServer()).get('/api/v1/usage').set('X-API-Key', key).expect(200)).body
      .plan as string;
  /** Writes behind the instances' backs, as if the announcement of the change were lost. */
  const unannounced = () => a.app.get(MikroORM).em.fork();

  it('a key disabled through one instance is refused by another through the announcement', async () => {
    const { id, key } = await newKey();
    const onTrusting = () =>
      request(trusting.app.getHttpServer()).get('/api/v1/rates/rate?from=USD&to=EUR').set('X-API-Key', key);
    await onTrusting().expect(200);
    await request(a.app.getHttpServer())
      .post(`/api/keys/${id}/disable`)
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200);
    await eventually(async () => (await onTrusting()).status === 403);
    expect((await onTrusting()).body.code).toBe('api-key-disabled');
  });

  it('a key disabled while its announcement is lost is refused once the cache max age has passed', async () => {
    const { id, key } = await newKey();
    await onB(key).expect(200);
    await unannounced().nativeUpdate(ApiKey, { id }, { status: 'disabled', disabledAt: new Date() });
    await onB(key).expect(200); // B has heard nothing yet: its cache still trusts the key
    await eventually(async () => (await onB(key)).status === 403);
  });

  it('a plan changed while its announcement is lost is metered by once the cache max age has passed', async () => {
    const { key } = await newKey();
    expect(await planOnB(key)).toBe('free');
    await unannounced().nativeUpdate(User, { id: userId }, { plan: 'professional' });
    await eventually(async () => (await planOnB(key)) === 'professional');
  });

  it('a key deleted from the database is forgotten once the cache max age has passed', async () => {
    const { id, key } = await newKey();
    await onB(key).expect(200);
    await unannounced().nativeDelete(ApiKey, { id });
    await eventually(async () => (await onB(key)).status === 401);
  });

  it('a converter session deleted from the database is refused by every instance once the cache max age has passed', async () => {
    const { sessionToken } = (await request(a.app.getHttpServer()).post('/api/auth/session').expect(201))
      .body;
    const convert = () =>
      request(b.app.getHttpServer())
        .get('/api/rates/convert?from=USD&to=EUR&amount=1')
        .set('X-Session-Token', sessionToken);
    await convert().expect(200);
    await unannounced().nativeDelete(AnonymousSession, { tokenHash: hashSessionToken(sessionToken) });
    await eventually(async () => (await convert()).status === 401);
    expect((await convert()).body.code).toBe('invalid-session-token');
  });

  it('announces a disabled key again when the disable is retried', async () => {
    const { id } = await newKey();
    const listener = new Redis(a.config.redis.url);
    const heard: string[] = [];
    try {
      listener.on('message', (_channel: string, message: string) => heard.push(message));
      await listener.subscribe(pubSubChannels(a.config.redis.keyPrefix).keyChanged);
      for (let attempt = 0; attempt < 2; attempt++) {
        await request(a.app.getHttpServer())
          .post(`/api/keys/${id}/disable`)
          .set('Authorization', `Bearer ${accessToken}`)
          .expect(200);
      }
      await eventually(async () => heard.length === 2);
      expect(new Set(heard).size).toBe(1);
    } finally {
      await listener.quit();
    }
  });
});
