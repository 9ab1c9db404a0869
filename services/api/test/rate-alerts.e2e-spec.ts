import { randomUUID } from 'node:crypto';
import { PLANS } from '@fxrates/domain';
import request from 'supertest';
import { givenIn } from './support/given';
import { signedInUser } from './support/signed-in';
import { expectProblem } from './security/support/problem';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

describe('rate alerts: /api/alerts', () => {
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());
  const as = (token: string) => ({
    list: () => http().get('/api/alerts').set('Authorization', `Bearer ${token}`),
    create: (body: object) => http().post('/api/alerts').set('Authorization', `Bearer ${token}`).send(body),
    update: (id: string, body: object) =>
      http().patch(`/api/alerts/${id}`).set('Authorization', `Bearer ${token}`).send(body),
    remove: (id: string) => http().delete(`/api/alerts/${id}`).set('Authorization', `Bearer ${token}`),
  });
  const above = { base: 'EUR', quote: 'USD', condition: 'above', level: '1.10', channel: 'email' };

  beforeAll(async () => {
    t = await startTestApp(testConfig());
  });
  afterAll(() => t.close());

  it('creates, lists, changes and deletes an alert; a new level re-arms it', async () => {
    const { accessToken, id: userId } = await signedInUser(t.app);
    const api = as(accessToken);
    expect((await api.list().expect(200)).body).toEqual({ alerts: [], limit: PLANS.free.rateAlerts });

    const created = await api.create({ ...above, base: 'eur' }).expect(201);
    const alert = created.body.alert;
    expect(alert).toEqual({
      id: expect.any(String),
      base: 'EUR',
      quote: 'USD',
      condition: 'above',
      level: '1.10',
      changePercent: null,
      windowMinutes: null,
      hysteresisPercent: '0.5',
      cooldownMinutes: 60,
      channel: 'email',
      state: 'armed',
      paused: false,
      lastTriggeredAt: null,
      lastTriggeredRate: null,
      createdAt: expect.any(String),
    });
    const change = await api
      .create({
        base: 'GBP',
        quote: 'EUR',
        condition: 'change',
        changePercent: '2.5',
        windowMinutes: 60,
        hysteresisPercent: '10',
        cooldownMinutes: 0,
        channel: 'email',
      })
      .expect(201);
    expect(change.body.alert).toMatchObject({
      condition: 'change',
      level: null,
      changePercent: '2.5',
      windowMinutes: 60,
      hysteresisPercent: '10',
      cooldownMinutes: 0,
    });
    const listed = (await api.list().expect(200)).body;
    expect(listed.alerts.map((a: { id: string }) => a.id)).toEqual([change.body.alert.id, alert.id]);

    // As the worker leaves a fired alert: a new level makes it a new alert, armed again.
    const triggered = await givenIn(t.app).rateAlert(
      { id: userId },
      { state: 'triggered', lastTriggeredAt: new Date(), lastTriggeredRate: '1.1100' },
    );
    const paused = await api.update(triggered.id, { paused: true, cooldownMinutes: 5 }).expect(200);
    expect(paused.body.alert).toMatchObject({ paused: true, cooldownMinutes: 5, state: 'triggered' });
    const moved = await api.update(triggered.id, { level: '1.15' }).expect(200);
    expect(moved.body.alert).toMatchObject({ level: '1.15', state: 'armed', lastTriggeredRate: '1.1100' });

    await api.remove(alert.id).expect(204);
    expectProblem(await api.remove(alert.id), 404, 'rate-alert-not-found');
    expect((await api.list().expect(200)).body.alerts).toHaveLength(2);
  });

  it('refuses what is not a sound alert, with a problem saying what is wrong', async () => {
    const { accessToken } = await signedInUser(t.app, { plan: 'professional' });
    const api = as(accessToken);
    const refused: Array<[object, number, string]> = [
      [{ ...above, level: undefined }, 400, 'validation-failed'],
      [{ ...above, level: '0' }, 400, 'validation-failed'],
      [{ ...above, level: '-1.1' }, 400, 'validation-failed'],
      [{ ...above, level: '1e3' }, 400, 'validation-failed'],
      [{ ...above, level: 1.1 }, 400, 'validation-failed'],
      [{ ...above, level: null }, 400, 'validation-failed'],
      [{ ...above, cooldownMinutes: null }, 400, 'validation-failed'],
      [{ ...above, changePercent: '2' }, 400, 'validation-failed'],
      [{ ...above, windowMinutes: 60 }, 400, 'validation-failed'],
      [{ ...above, hysteresisPercent: '50.01' }, 400, 'validation-failed'],
      [{ ...above, cooldownMinutes: 10081 }, 400, 'validation-failed'],
      [{ ...above, cooldownMinutes: -1 }, 400, 'validation-failed'],
      [{ ...above, condition: 'sideways' }, 400, 'validation-failed'],
      [{ ...above, channel: 'sms' }, 400, 'validation-failed'],
      [{ ...above, quote: 'EUR' }, 400, 'validation-failed'],
      [{ ...above, base: 'XYZ' }, 400, 'unknown-currency'],
      [{ ...above, userId: randomUUID() }, 400, 'validation-failed'],
      [{ ...above, condition: 'change', level: undefined, changePercent: '2' }, 400, 'validation-failed'],
      [{ ...above, condition: 'change', changePercent: '2', windowMinutes: 60 }, 400, 'validation-failed'],
      [
        { ...above, condition: 'change', level: undefined, changePercent: '0', windowMinutes: 60 },
        400,
        'validation-failed',
      ],
      [
        { ...above, condition: 'change', level: undefined, changePercent: '100.5', windowMinutes: 60 },
        400,
        'validation-failed',
      ],
      [
        { ...above, condition: 'change', level: undefined, changePercent: '2', windowMinutes: 1441 },
        400,
        'validation-failed',
      ],
      [
        { ...above, condition: 'change', level: undefined, changePercent: '2', windowMinutes: 1.5 },
        400,
        'validation-failed',
      ],
    ];
    for (const [body, status, code] of refused) {
      const res = await api.create(body);
      expectProblem(res, status, code);
      expect(res.body.message).toEqual(expect.any(String));
    }
    // The bounds themselves are allowed.
    await api.create({ ...above, hysteresisPercent: '50', cooldownMinutes: 10080 }).expect(201);
    await api
      .create({ ...above, condition: 'change', level: undefined, changePercent: '100', windowMinutes: 1440 })
      .expect(201);
    expect((await api.list().expect(200)).body.alerts).toHaveLength(2);

    const id = (await api.list()).body.alerts[0].id as string;
    expectProblem(await api.update(id, { level: '1.2' }), 400, 'validation-failed'); // a change alert
    for (const body of [
      { paused: 'yes' },
      { paused: null },
      { channel: null },
      { cooldownMinutes: null },
      { hysteresisPercent: null },
      { changePercent: null },
      { windowMinutes: 0 },
    ]) {
      expectProblem(await api.update(id, body), 400, 'validation-failed');
    }
    await api.update(id, {}).expect(200);
    for (const bad of ['not-a-uuid', '123', encodeURIComponent("1'; drop table rate_alerts;--")]) {
      expectProblem(await api.update(bad, { paused: true }), 404, 'rate-alert-not-found');
      expectProblem(await api.remove(bad), 404, 'rate-alert-not-found');
    }
  });

  it("keeps to the plan's currencies and its number of alerts", async () => {
    const { accessToken } = await signedInUser(t.app);
    const api = as(accessToken);
    const crypto = await api.create({ ...above, base: 'BTC', level: '50000' });
    expectProblem(crypto, 403, 'plan-upgrade-required');
    expect(crypto.body.requiredPlan).toBe('basic');

    for (let i = 0; i < PLANS.free.rateAlerts; i++) {
      await api.create({ ...above, level: `1.${i + 1}` }).expect(201);
    }
    const over = await api.create(above);
    expectProblem(over, 403, 'rate-alert-limit-reached');
    expect(over.body.message).toContain(`at most ${PLANS.free.rateAlerts} rate alerts`);

    // Concurrent creations cannot pass the limit either.
    const second = await signedInUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: PLANS.free.rateAlerts + 3 }, (_, i) =>
        as(second.accessToken).create({ ...above, level: `2.${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(PLANS.free.rateAlerts);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(3);
  });

  it('refuses email alerts to an unverified address, and webhook alerts without an endpoint for them', async () => {
    const unverified = await signedInUser(t.app, { verified: false });
    const refused = await as(unverified.accessToken).create(above);
    expectProblem(refused, 409, 'alert-email-not-verified');
    expect(refused.body.message).toMatch(/Verify your email address/);
    expect((await as(unverified.accessToken).list().expect(200)).body.alerts).toEqual([]);

    const verified = await signedInUser(t.app);
    const api = as(verified.accessToken);
    const noEndpoint = await api.create({ ...above, channel: 'webhook' });
    expectProblem(noEndpoint, 409, 'alert-webhook-missing');
    expect(noEndpoint.body.message).toMatch(/webhook endpoints that receive alert.triggered/);

    // An endpoint for other events only, or a disabled one, is not one for alerts.
    const url = 'https://hooks.example.com/fx';
    await givenIn(t.app).webhookEndpoint(verified, { url, events: ['rates.published'] });
    await givenIn(t.app).webhookEndpoint(verified, { url, events: ['alert.triggered'], status: 'disabled' });
    expectProblem(await api.create({ ...above, channel: 'webhook' }), 409, 'alert-webhook-missing');
    await givenIn(t.app).webhookEndpoint(verified, { url, events: ['rates.published', 'alert.triggered'] });
    const created = await api.create({ ...above, channel: 'webhook' }).expect(201);
    expect(created.body.alert.channel).toBe('webhook');

    // Switching an alert to email checks the address the same way.
    const onWebhook = await givenIn(t.app).rateAlert({ id: unverified.id }, { channel: 'webhook' });
    expectProblem(
      await as(unverified.accessToken).update(onWebhook.id, { channel: 'email' }),
      409,
      'alert-email-not-verified',
    );
  });

  it("answers another user's alert as one that does not exist", async () => {
    const alice = await signedInUser(t.app);
    const mallory = await signedInUser(t.app);
    const alert = (await as(alice.accessToken).create(above).expect(201)).body.alert;
    expectProblem(
      await as(mallory.accessToken).update(alert.id, { paused: true }),
      404,
      'rate-alert-not-found',
    );
    expectProblem(await as(mallory.accessToken).remove(alert.id), 404, 'rate-alert-not-found');
    expect((await as(mallory.accessToken).list().expect(200)).body.alerts).toEqual([]);
    expect((await as(alice.accessToken).list().expect(200)).body.alerts).toMatchObject([
      { id: alert.id, paused: false },
    ]);
    await http().get('/api/alerts').expect(401);
  });
});
