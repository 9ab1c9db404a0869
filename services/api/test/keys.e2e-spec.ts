import { createHmac, randomUUID } from 'node:crypto';
import { wrap } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { ApiKey } from '@fxrates/db';
import { Redis } from 'ioredis';
import request from 'supertest';
import { AccessTokensService } from '../src/modules/auth/access-tokens.service';
import { signedInUser } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

describe('API keys: /api/keys', () => {
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());
  const as = (token: string) => ({
    create: (body: object) => http().post('/api/keys').set('Authorization', `Bearer ${token}`).send(body),
    list: (status?: string) =>
      http()
        .get(`/api/keys${status ? `?status=${status}` : ''}`)
        .set('Authorization', `Bearer ${token}`),
    disable: (id: string) => http().post(`/api/keys/${id}/disable`).set('Authorization', `Bearer ${token}`),
  });

  beforeAll(async () => {
    t = await startTestApp(testConfig());
  });
  afterAll(() => t.close());

  it('creates a key shown once in full, stored only as an HMAC with its prefix and last 4', async () => {
    const { accessToken } = await signedInUser(t.app);
    const res = await as(accessToken).create({ name: '  Production  ' }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Production',
      key: expect.stringMatching(/^fxrates_[0-9a-f]{32}$/),
      maskedKey: expect.stringMatching(/^fxrates_•+[0-9a-f]{4}$/),
      status: 'active',
      createdAt: expect.any(String),
      disabledAt: null,
      totalRequests: 0,
      lastUsed: null,
      kind: 'secret',
      scopes: ['rates:read', 'history:read', 'stream', 'usage:read', 'webhooks'],
      allowedNetworks: [],
      allowedOrigins: [],
      monthlyCap: null,
      expiresAt: null,
      retiring: null,
    });
    expect(res.body.maskedKey.endsWith(res.body.key.slice(-4))).toBe(true);

    const row = await t.app.get(MikroORM).em.fork().findOneOrFail(ApiKey, res.body.id);
    const expectedHash = createHmac('sha256', t.config.keys.hashSecret).update(res.body.key).digest('hex');
    expect(row).toMatchObject({
      keyHash: expectedHash,
      keyPrefix: 'fxrates_',
      keyLast4: res.body.key.slice(-4),
    });
    // Every column, the hidden hash included: none holds the key itself.
    expect(JSON.stringify(wrap(row).toPOJO())).not.toContain(res.body.key);

    const listed = await as(accessToken).list().expect(200);
    expect(listed.body).toEqual([{ ...res.body, key: undefined }].map(({ key: _key, ...view }) => view));
    expect(listed.text).not.toContain(res.body.key);
  });

  it('lists active and disabled keys apart, newest first, and disables a key', async () => {
    const { accessToken } = await signedInUser(t.app);
    const first = (await as(accessToken).create({ name: 'one' }).expect(201)).body;
    const second = (await as(accessToken).create({ name: 'two' }).expect(201)).body;
    expect(
      (await as(accessToken).list('active').expect(200)).body.map((k: { name: string }) => k.name),
    ).toEqual(['two', 'one']);
    const disabled = await as(accessToken).disable(first.id).expect(200);
    expect(disabled.body).toMatchObject({ id: first.id, status: 'disabled', disabledAt: expect.any(String) });
    await as(accessToken).disable(first.id).expect(200); // again: no change, no error
    expect((await as(accessToken).list('active').expect(200)).body.map((k: { id: string }) => k.id)).toEqual([
      second.id,
    ]);
    expect(
      (await as(accessToken).list('disabled').expect(200)).body.map((k: { id: string }) => k.id),
    ).toEqual([first.id]);
    await as(accessToken).list('deleted').expect(400);
  });

  it('announces a disabled key on Redis so every instance can drop it', async () => {
    const { accessToken } = await signedInUser(t.app);
    const key = (await as(accessToken).create({ name: 'watched' }).expect(201)).body;
    const subscriber = new Redis(t.config.redis.url);
    try {
      const heard = new Promise<string>((resolve) =>
        subscriber.on('message', (_channel, message) => resolve(message)),
      );
      await subscriber.subscribe(`${t.config.redis.keyPrefix}keys:changed`);
      await as(accessToken).disable(key.id).expect(200);
      expect(await heard).toBe(createHmac('sha256', t.config.keys.hashSecret).update(key.key).digest('hex'));
    } finally {
      await subscriber.quit();
    }
  });

  it("answers 404 for another user's key and for ids that are not keys", async () => {
    const owner = await signedInUser(t.app);
    const intruder = await signedInUser(t.app);
    const key = (await as(owner.accessToken).create({ name: 'mine' }).expect(201)).body;
    for (const id of [key.id, randomUUID(), 'not-a-uuid']) {
      const res = await as(intruder.accessToken).disable(id).expect(404);
      expect(res.body.code).toBe('key-not-found');
    }
    expect((await as(intruder.accessToken).list().expect(200)).body).toEqual([]);
    expect((await as(owner.accessToken).list().expect(200)).body[0].status).toBe('active');
  });

  it('allows at most 10 active keys, also under concurrent creation', async () => {
    const { accessToken } = await signedInUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) => as(accessToken).create({ name: `k${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(4);
    expect(refused[0].body.code).toBe('too-many-keys');
    const some = results.find((r) => r.status === 201)!.body;
    await as(accessToken).disable(some.id).expect(200);
    await as(accessToken).create({ name: 'after a deactivation' }).expect(201);
  });

  it.each([
    [{ name: '' }],
    [{ name: '   ' }],
    [{ name: 'x'.repeat(65) }],
    [{}],
    [{ name: 'ok', status: 'disabled' }],
  ])('refuses the body %j with 400', async (body) => {
    const { accessToken } = await signedInUser(t.app);
    const res = await as(accessToken).create(body).expect(400);
    expect(res.body.code).toBe('validation-failed');
  });

  it('requires a signed-in user', async () => {
    expect((await http().get('/api/keys').expect(401)).body.code).toBe('unauthorized');
    await http().post('/api/keys').send({ name: 'x' }).expect(401);
  });

  it('answers 401, not 500, to a valid token of an account that does not exist', async () => {
    const token = t.app.get(AccessTokensService).sign(randomUUID(), randomUUID());
    expect((await as(token).create({ name: 'ghost' }).expect(401)).body.code).toBe('unauthorized');
  });
});
