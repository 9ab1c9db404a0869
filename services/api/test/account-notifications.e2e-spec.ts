import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '@fxrates/db';
import request from 'supertest';
import { signedInUser } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

describe('GET and PATCH /api/account/notifications', () => {
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());
  const read = (token: string) =>
    http().get('/api/account/notifications').set('Authorization', `Bearer ${token}`).expect(200);
  const change = (token: string, body: unknown) =>
    http()
      .patch('/api/account/notifications')
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);
  const storedThresholds = async (userId: string) =>
    (await t.app.get(MikroORM).em.fork().findOneOrFail(User, { id: userId })).quotaAlertThresholds;

  beforeAll(async () => {
    t = await startTestApp(testConfig());
  });
  afterAll(() => t.close());

  it('emails all three quota alerts to a new account', async () => {
    const { accessToken } = await signedInUser(t.app);
    expect((await read(accessToken)).body).toEqual({ quotaAlerts: [75, 90, 100] });
  });

  it('keeps the thresholds chosen, ascending and each once, and only for the user who chose', async () => {
    const chooser = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const res = await change(chooser.accessToken, { quotaAlerts: [100, 75] }).expect(200);
    expect(res.body).toEqual({ quotaAlerts: [75, 100] });
    expect((await read(chooser.accessToken)).body).toEqual({ quotaAlerts: [75, 100] });
    expect(await storedThresholds(chooser.userId)).toEqual([75, 100]);

    expect((await read(other.accessToken)).body).toEqual({ quotaAlerts: [75, 90, 100] });
    expect(await storedThresholds(other.userId)).toEqual([75, 90, 100]);

    await change(chooser.accessToken, { quotaAlerts: [] }).expect(200, { quotaAlerts: [] });
    // A body without the field changes nothing.
    await change(chooser.accessToken, {}).expect(200, { quotaAlerts: [] });
    await change(chooser.accessToken, { quotaAlerts: [90, 75, 100] }).expect(200, {
      quotaAlerts: [75, 90, 100],
    });
  });

  it.each([
    ['a threshold that is not one', { quotaAlerts: [75, 80] }, 'quotaAlerts may only hold 75, 90, 100.'],
    ['a threshold as a string', { quotaAlerts: ['75'] }, 'quotaAlerts may only hold 75, 90, 100.'],
    ['a fraction', { quotaAlerts: [0.75] }, 'quotaAlerts may only hold 75, 90, 100.'],
    [
      'a threshold twice',
      { quotaAlerts: [75, 75] },
      'quotaAlerts must list each of 75, 90, 100 at most once.',
    ],
    ['no list', { quotaAlerts: 75 }, 'quotaAlerts must be a list of 75, 90, 100.'],
    [
      'null',
      { quotaAlerts: null },
      'Field "quotaAlerts" cannot be null: send a value, or leave the field out.',
    ],
    ['another field', { quotaAlerts: [75], plan: 'enterprise' }, 'Field "plan" is not allowed here.'],
  ])('refuses %s with a 400 problem and changes nothing', async (_, body, message) => {
    const { accessToken, userId } = await signedInUser(t.app);
    const res = await change(accessToken, body).expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 400, code: 'validation-failed', message });
    expect(await storedThresholds(userId)).toEqual([75, 90, 100]);
  });

  it('requires a Bearer token', async () => {
    expect((await http().get('/api/account/notifications').expect(401)).body.code).toBe('unauthorized');
    await http().patch('/api/account/notifications').send({ quotaAlerts: [] }).expect(401);
  });
});
