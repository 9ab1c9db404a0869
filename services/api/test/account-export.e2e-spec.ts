import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '@fxrates/db';
import request from 'supertest';
import { ACCOUNT_EXPORTS_PER_HOUR } from '../src/modules/account/account-export.service';
import { seedAccount, storedSecretsOf, type SeededAccount } from './support/account-data';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** "Export my data": everything of the account, nothing of anybody else, no secret. */
describe('GET /api/account/export', () => {
  let t: TestApp;
  let ada: SeededAccount;
  let other: SeededAccount;
  const http = () => request(t.app.getHttpServer());
  const exportOf = (account: Pick<SeededAccount, 'accessToken'>) =>
    http().get('/api/account/export').set('Authorization', `Bearer ${account.accessToken}`);

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    ada = await seedAccount(t.app);
    other = await seedAccount(t.app);
  });
  afterAll(() => t.close());

  it('downloads a JSON file of everything held about the account', async () => {
    const res = await exportOf(ada).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="fxrates-export-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const file = res.body;
    expect(file).toMatchObject({
      format: 'fxrates-account-export/1',
      profile: {
        id: ada.userId,
        email: ada.email,
        firstName: `First${ada.marker}`,
        lastName: `Last${ada.marker}`,
        company: `Company${ada.marker}`,
        plan: 'free',
        quotaAlertThresholds: [75, 90, 100],
      },
    });
    expect(file.apiKeys).toEqual([
      expect.objectContaining({
        id: ada.keyId,
        name: `Key${ada.marker}`,
        keyLast4: ada.key.slice(-4),
        status: 'active',
      }),
    ]);
    expect(file.apiKeys[0]).toHaveProperty('createdAt');
    expect(file.apiKeys[0]).toHaveProperty('lastUsedAt');
    expect(file.usage).toEqual([expect.objectContaining({ keyId: ada.keyId, requests: ada.markers[1] })]);
    expect(file.subscriptions).toContainEqual(
      expect.objectContaining({
        paypalSubscriptionId: `I-SUB${ada.marker}`,
        createdAt: expect.stringMatching(/Z$/),
      }),
    );
    expect(file.payments).toEqual([
      expect.objectContaining({
        kind: 'subscription',
        paypalCaptureId: `SALE${ada.marker}`,
        capturedMinor: Number(ada.markers[2]),
      }),
    ]);
    expect(file.contactMessages).toEqual([
      expect.objectContaining({
        email: ada.email,
        subject: `Subject${ada.marker}`,
        message: `Message ${ada.marker}`,
      }),
    ]);
    expect(file.quotaAlerts).toEqual([expect.objectContaining({ threshold: 75 })]);
    expect(file.sessions).toEqual([
      expect.objectContaining({
        browser: expect.any(String),
        lastUsedAt: expect.any(String),
        expiresAt: expect.any(String),
        createdAt: expect.any(String),
      }),
    ]);
    for (const part of ['emailChanges', 'emailVerifications', 'passwordResets'])
      expect(file[part]).toEqual(expect.any(Array));
  });

  it('holds no key, password, token nor a hash of one', async () => {
    const text = (await exportOf(ada).expect(200)).text;
    expect(text).not.toContain(ada.key);
    expect(text).not.toContain(ada.cookie.split('=')[1]);
    expect(text).not.toContain(ada.accessToken);
    for (const secret of await storedSecretsOf(t.app, ada.userId)) expect(text).not.toContain(secret);
    // No field of that kind at all (a key's kind, "secret", is a value, not one).
    expect(text).not.toMatch(/"[^"]*(hash|secret|token)[^"]*":/i);
  });

  it("holds nothing of another user's: keys, usage, payments, messages, profile", async () => {
    const text = (await exportOf(ada).expect(200)).text;
    for (const value of [...other.markers, other.key, other.key.slice(-8)]) expect(text).not.toContain(value);
    const theirs = (await exportOf(other).expect(200)).text;
    for (const value of ada.markers) expect(theirs).not.toContain(value);
  });

  it('leaves out messages sent from the address while the account had not proved it was theirs', async () => {
    const unproved = await seedAccount(t.app);
    // The seeded message is from the account's address; the address is now one it never proved.
    await t.app
      .get(MikroORM)
      .em.fork()
      .nativeUpdate(User, { id: unproved.userId }, { emailVerifiedAt: null });
    expect((await exportOf(unproved).expect(200)).body.contactMessages).toEqual([]);
  });

  it(`is limited to ${ACCOUNT_EXPORTS_PER_HOUR} an hour per user, and asks for a sign-in`, async () => {
    const busy = await seedAccount(t.app);
    for (let i = 0; i < ACCOUNT_EXPORTS_PER_HOUR; i++) await exportOf(busy).expect(200);
    const refused = await exportOf(busy).expect(429);
    expect(refused.body.code).toBe('rate-limited');
    expect(refused.headers['retry-after']).toBeDefined();
    await exportOf(ada).expect(200);
    expect((await http().get('/api/account/export').expect(401)).body.code).toBe('unauthorized');
  });
});
