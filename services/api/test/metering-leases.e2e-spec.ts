import { usageRedisKeys } from '@fxrates/queues';
import { MeteringService } from '../src/modules/metering';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';
import { resolvedKey } from './support/resolved-key';

/**
 * Leases on two real instances sharing one Redis. Calls carry times a few seconds ahead, so every
 * call of a test falls in seconds that have not started yet and nothing races the real clock; the
 * settlements then happen when those seconds are really over.
 */
describe('metering leases (two instances, real Redis)', () => {
  const config = testConfig({ PLAN_LIMITS: 'enterprise=1000000:1000' });
  const keys = usageRedisKeys(config.redis.keyPrefix);
  let a: TestApp;
  let b: TestApp;
  const meterOf = (app: TestApp) => app.app.get(MeteringService);
  const key = (userId: string, keyId = userId) => resolvedKey({ keyId, userId, plan: 'enterprise' });
  const calls = (n: number, call: () => Promise<unknown>) =>
    Promise.allSettled(Array.from({ length: n }, call));
  const outcomes = (results: PromiseSettledResult<unknown>[]) =>
    results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as { code: string }).code));
  const count = (results: PromiseSettledResult<unknown>[], outcome: string) =>
    outcomes(results).filter((o) => o === outcome).length;
  const sleepUntil = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms - Date.now())));
  const get = async (redisKey: string) => Number((await a.redis.get(redisKey)) ?? 0);
  /** A second that starts in `ahead` seconds (three), and its month and day. */
  const comingSecond = (ahead = 3) => {
    const second = Math.floor(Date.now() / 1000) + ahead;
    const iso = new Date(second * 1000).toISOString();
    return { second, at: (ms: number) => second * 1000 + ms, month: iso.slice(0, 7), day: iso.slice(0, 10) };
  };
  /**
   * Watches the calls an instance defers (MeteringService.askAgainLater): whether a call waited is read
   * from the instance, never from the clock, which a busy machine moves. `waited()`
   * gives, for each call that waited, how many times it was deferred; a call refused at once never
   * waited.
   */
  const watchDeferrals = (app: TestApp) => {
    const spy = jest.spyOn(
      meterOf(app) as unknown as { askAgainLater: (call: { deferrals: number }, used: number) => void },
      'askAgainLater',
    );
    return () =>
      [...new Set(spy.mock.calls.map(([call]) => call))]
        .filter((call) => call.deferrals > 0)
        .map((call) => call.deferrals);
  };
  afterEach(() => jest.restoreAllMocks());
  /** Settlement happens when the second is really over; deferred calls are asked again after it. */
  const settled = (second: number) => sleepUntil((second + 1) * 1000 + 400);

  beforeAll(async () => {
    a = await startTestApp(config);
    b = await startTestApp(config);
  });
  afterAll(async () => {
    await b.app.close();
    await b.redis.quit();
    await a.close();
  });

  it("serves a busy user's calls from a lease and, once the second is over, records exactly the calls made", async () => {
    const user = `lease-${Date.now()}`;
    const { second, at, month, day } = comingSecond();
    const meter = meterOf(a);
    // 40 calls in a second make the user busy enough to lease in the next one.
    expect(count(await calls(40, () => meter.meter(key(user), at(-900))), 'ok')).toBe(40);
    await meter.meter(key(user), at(100)); // metered in Redis, and asks for a lease of 40
    expect(await get(keys.lease(user, second))).toBe(40);
    const served = await calls(30, () => meter.meter(key(user), at(200)));
    expect(count(served, 'ok')).toBe(30);
    // Nothing of those 30 reached Redis: the second holds 1 counted call and 40 reserved units.
    expect(await get(keys.burst(user, second))).toBe(41);
    expect(await get(keys.month(user, month))).toBe(40 + 41);
    const last = (served.at(-1) as PromiseFulfilledResult<Record<string, string>>).value;
    expect(last['X-RateLimit-Remaining']).toBe(String(1_000_000 - 71));

    await settled(second);
    expect(await get(keys.lease(user, second))).toBe(0);
    expect(await get(keys.burst(user, second))).toBe(31);
    expect(await get(keys.month(user, month))).toBe(71);
    expect(Number(await a.redis.hget(keys.pending, `${user}|${day}`))).toBe(71);
    expect(Number(await a.redis.hget(keys.lastUsed, user))).toBe(at(200));
  }, 15_000);

  it('admits exactly the burst in a second where another instance holds a lease it partly leaves unused', async () => {
    const user = `lease-burst-${Date.now()}`;
    const { second, at, month } = comingSecond();
    await calls(40, () => meterOf(a).meter(key(user), at(-900)));
    await meterOf(a).meter(key(user), at(100)); // a holds 40 units of this second
    // b asks for the whole burst at once: 959 fit beside a's 41, the 41 beyond wait for a's lease.
    const fromB = calls(1000, () => meterOf(b).meter(key(user), at(200)));
    await new Promise((r) => setTimeout(r, 200));
    const fromA = await calls(10, () => meterOf(a).meter(key(user), at(300))); // 30 units never used
    const results = await fromB;

    // a gave 30 back when the second was over; 30 of b's deferred calls got them, 11 were refused.
    expect(count(fromA, 'ok')).toBe(10);
    expect(count(results, 'ok')).toBe(959 + 30);
    expect(count(results, 'rate-limited')).toBe(11);
    expect(1 + count(fromA, 'ok') + count(results, 'ok')).toBe(1000); // exactly the burst
    expect(await get(keys.lease(user, second))).toBe(0);
    expect(await get(keys.month(user, month))).toBe(40 + 1000);
  }, 15_000);

  it('keeps at most a burst of calls waiting on a lease, and refuses a flood beyond it at once', async () => {
    const user = `lease-flood-${Date.now()}`;
    const { at, month } = comingSecond();
    await calls(40, () => meterOf(a).meter(key(user), at(-900)));
    await meterOf(a).meter(key(user), at(100)); // a holds 40 units of this second
    const waited = watchDeferrals(b);
    // 959 fit beside a's 41; of the 2 041 beyond, a burst (1 000) waits for a's lease, 1 041 are refused.
    const fromB = calls(3000, () => meterOf(b).meter(key(user), at(200)));
    await new Promise((r) => setTimeout(r, 200));
    await calls(10, () => meterOf(a).meter(key(user), at(300))); // 30 units never used
    const results = await fromB;

    expect(waited().length).toBe(1000); // the other 959 + 1 041 were answered at once
    expect(count(results, 'ok')).toBe(959 + 30);
    expect(count(results, 'rate-limited')).toBe(3000 - 959 - 30);
    expect(await get(keys.month(user, month))).toBe(40 + 1000); // still exactly the burst
  }, 15_000);

  it('settles a used-up lease at once, so refusals on another instance in its second are not deferred', async () => {
    const user = `lease-used-up-${Date.now()}`;
    const { second, at, month, day } = comingSecond();
    await calls(40, () => meterOf(a).meter(key(user), at(-900)));
    await meterOf(a).meter(key(user), at(100)); // a lease of 40
    expect(count(await calls(40, () => meterOf(a).meter(key(user), at(200))), 'ok')).toBe(40);
    await new Promise((r) => setTimeout(r, 100));
    expect(await get(keys.lease(user, second))).toBe(0);
    expect(Number(await a.redis.hget(keys.pending, `${user}|${day}`))).toBe(40 + 1 + 40);

    const waited = watchDeferrals(b);
    const fromB = await calls(1000, () => meterOf(b).meter(key(user), at(300)));
    expect(waited()).toEqual([]); // answered at once, not after the second
    expect(count(fromB, 'ok')).toBe(1000 - 41);
    expect(count(fromB, 'rate-limited')).toBe(41);
    expect(await get(keys.month(user, month))).toBe(40 + 1000);
  }, 15_000);

  it('refuses for good once a lease stays unsettled (its instance died), after deferring a while', async () => {
    const user = `lease-dead-${Date.now()}`;
    const { second, at } = comingSecond();
    await a.redis.set(keys.burst(user, second), '1000', 'PX', 20_000);
    await a.redis.set(keys.lease(user, second), '5', 'PX', 20_000); // never settled
    const waited = watchDeferrals(b);
    const results = await calls(3, () => meterOf(b).meter(key(user), at(100)));
    expect(outcomes(results)).toEqual(Array(3).fill('rate-limited'));
    expect(Date.now()).toBeGreaterThan((second + 1) * 1000); // deferred past its second
    // A bounded wait: each call deferred a fixed number of times, then refused for good.
    expect(waited()).toEqual([5, 5, 5]);
  }, 15_000);

  it("defers a call over the quota while an earlier second's lease is unsettled, and admits it if the lease frees units", async () => {
    const user = `lease-quota-${Date.now()}`;
    const { second, at, month } = comingSecond();
    await a.redis.set(keys.month(user, month), '1000000'); // used up, 10 of it an unsettled lease
    await a.redis.set(keys.lease(user, second - 1), '10', 'PX', 20_000);
    const call = meterOf(b).meter(key(user), at(100));
    await new Promise((r) => setTimeout(r, 300));
    // The lease's holder settles: it used none of its 10 units.
    await a.redis.decrby(keys.month(user, month), 10);
    await a.redis.decrby(keys.lease(user, second - 1), 10);
    await expect(call).resolves.toMatchObject({ 'X-RateLimit-Remaining': '9' });
    expect(await get(keys.month(user, month))).toBe(999_991);
  }, 15_000);

  it("grants no lease when the month's quota is within three seconds of full burst", async () => {
    const user = `lease-near-${Date.now()}`;
    const { second, at, month } = comingSecond();
    await a.redis.set(keys.month(user, month), String(1_000_000 - 3_000 - 40));
    await calls(40, () => meterOf(a).meter(key(user), at(-900)));
    await meterOf(a).meter(key(user), at(100));
    expect(await get(keys.lease(user, second))).toBe(0);
    await calls(5, () => meterOf(a).meter(key(user), at(200)));
    expect(await get(keys.burst(user, second))).toBe(6); // each call went to Redis
  }, 15_000);

  it('with METERING_LEASES=off, grants no lease to a busy user: every call is metered in Redis', async () => {
    const c = await startTestApp({ ...config, usage: { ...config.usage, leases: false } });
    const user = `lease-off-${Date.now()}`;
    const { second, at, month } = comingSecond();
    try {
      await calls(40, () => meterOf(c).meter(key(user), at(-900)));
      await meterOf(c).meter(key(user), at(100)); // would ask for a lease of 40 with leases on
      expect(await get(keys.lease(user, second))).toBe(0);
      expect(count(await calls(30, () => meterOf(c).meter(key(user), at(200))), 'ok')).toBe(30);
      expect(await get(keys.burst(user, second))).toBe(31); // each call went to Redis
      expect(await get(keys.month(user, month))).toBe(71);
    } finally {
      await c.app.close();
      await c.redis.quit();
    }
  }, 15_000);

  it('settles the leases it holds when the instance shuts down', async () => {
    const c = await startTestApp(config);
    const user = `lease-shutdown-${Date.now()}`;
    // A second a minute away: its own settlement cannot come before this test ends, so a lease found
    // settled was settled by the shutdown, however slow the machine.
    const { second, at, month, day } = comingSecond(60);
    await calls(40, () => meterOf(c).meter(key(user, `${user}-k1`), at(-900)));
    await meterOf(c).meter(key(user, `${user}-k2`), at(100));
    await calls(5, () => meterOf(c).meter(key(user, `${user}-k2`), at(200)));
    expect(await get(keys.lease(user, second))).toBe(40);
    await c.app.close();
    await c.redis.quit();
    expect(await get(keys.lease(user, second))).toBe(0);
    expect(await get(keys.month(user, month))).toBe(46);
    expect(Number(await a.redis.hget(keys.pending, `${user}-k1|${day}`))).toBe(40);
    expect(Number(await a.redis.hget(keys.pending, `${user}-k2|${day}`))).toBe(6);
  }, 15_000);
});
