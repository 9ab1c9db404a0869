import request from 'supertest';
import { givenIn } from './support/given';
import { signedInUser } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

describe('GET /api/usage (dashboard)', () => {
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await startTestApp(testConfig());
  });
  afterAll(() => t.close());

  it('shows calls per day and key, flushed and not yet flushed, with the plan limits', async () => {
    const { accessToken, ...user } = await signedInUser(t.app, { plan: 'professional' });
    const auth = { Authorization: `Bearer ${accessToken}` };
    const a = await givenIn(t.app).key(user, { name: 'a' });
    const b = await givenIn(t.app).key(user, { name: 'b' });
    for (const [key, times] of [
      [a.key, 3],
      [b.key, 2],
    ] as const) {
      for (let i = 0; i < times; i++) {
        await http().get('/api/v1/rates/rate?from=USD&to=EUR').set('X-API-Key', key).expect(200);
      }
    }
    const today = new Date().toISOString().slice(0, 10);
    const firstOfMonth = `${today.slice(0, 8)}01`;
    await givenIn(t.app).usage(a, { [firstOfMonth]: 7 });

    const usage = (await http().get('/api/usage').set(auth).expect(200)).body;
    expect(usage).toMatchObject({
      plan: 'professional',
      monthlyQuota: 100_000,
      used: 5,
      remaining: 99_995,
      burstPerSecond: 50,
    });
    expect(usage.days).toHaveLength(Number(today.slice(8, 10)));
    expect(usage.days[0].day).toBe(firstOfMonth);
    const todayRow = usage.days.at(-1);
    expect(todayRow.day).toBe(today);
    const extra = today === firstOfMonth ? 7 : 0;
    expect(todayRow).toEqual({ day: today, total: 5 + extra, byKey: { [a.id]: 3 + extra, [b.id]: 2 } });
    if (today !== firstOfMonth)
      expect(usage.days[0]).toEqual({ day: firstOfMonth, total: 7, byKey: { [a.id]: 7 } });
    const others = usage.days.slice(1, -1);
    expect(others.every((d: { total: number }) => d.total === 0)).toBe(true);
  });

  it("never shows another user's calls, and requires a signed-in user", async () => {
    const { accessToken } = await signedInUser(t.app);
    const usage = (await http().get('/api/usage').set('Authorization', `Bearer ${accessToken}`).expect(200))
      .body;
    expect(usage.used).toBe(0);
    expect(usage.days.every((d: { total: number }) => d.total === 0)).toBe(true);
    await http().get('/api/usage').expect(401);
  });
});
