import { MikroORM } from '@mikro-orm/postgresql';
import { migrateUp, UsageBreakdownRepository } from '@fxrates/db';
import { MAX_USAGE_BREAKDOWN_DAYS, type UsageBreakdown, type UsageBreakdownRow } from '@fxrates/domain';
import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { UsageBreakdownCounter } from '../src/modules/usage';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../worker/test/support/throwaway-postgres';
import { until } from '../../worker/test/support/waiting';
import { givenIn } from './support/given';
import { signIn } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Rows in the order the API lists them: day, key, endpoint, status class (byte order). */
const inOrder = (rows: UsageBreakdownRow[]) =>
  [...rows].sort((x, y) => {
    for (const field of ['day', 'keyId', 'endpoint', 'statusClass'] as const) {
      if (x[field] !== y[field]) return x[field] < y[field] ? -1 : 1;
    }
    return 0;
  });

const counterOf = (t: TestApp) => t.app.get(UsageBreakdownCounter);
const repositoryOf = (t: TestApp) => new UsageBreakdownRepository(t.app.get(MikroORM).em.fork());

describe('Usage breakdown: per key, endpoint, status class and day', () => {
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await startTestApp(testConfig());
  });
  afterAll(() => t.close());

  /** A new user on `plan` with a session: its id and the Authorization header. */
  async function signedIn(plan: 'free' | 'basic' = 'basic') {
    const user = await givenIn(t.app).user({ plan });
    const { accessToken } = await signIn(t.app, user);
    return { user, auth: { Authorization: `Bearer ${accessToken}` } };
  }

  it('counts every call the public API answers with a known key: 2xx, 304, refusals; not what it bills', async () => {
    const { user, auth } = await signedIn('basic');
    const first = await givenIn(t.app).key(user, { name: 'first' });
    const second = await givenIn(t.app).key(user, { name: 'second' });
    const call = (key: string, target: string) => http().get(`/api/v1${target}`).set('X-API-Key', key);

    const fresh = await call(first.key, '/rates/latest?base=USD&symbols=EUR').expect(200);
    await call(first.key, '/rates/latest?base=USD&symbols=EUR')
      .set('If-None-Match', fresh.headers.etag as string)
      .expect(304);
    // Basic has no time series: refused by the plan gate.
    await call(first.key, '/rates/timeseries?start=2024-01-01&end=2024-01-31').expect(403);
    await call(first.key, '/rates/rate?from=USD').expect(400);
    await call(second.key, '/currencies').expect(200);
    await call(second.key, '/rates/latest?base=NOPE').expect(400);
    await call(`${first.key.slice(0, -4)}zzzz`, '/currencies').expect(401); // no known key: not counted
    await counterOf(t).flush();

    const today = dayOf(Date.now());
    const answer = (await http().get(`/api/usage/breakdown?from=${today}&to=${today}`).set(auth).expect(200))
      .body as UsageBreakdown;
    const row = (key: { id: string }, endpoint: string, statusClass: UsageBreakdownRow['statusClass']) => ({
      day: today,
      keyId: key.id,
      endpoint,
      statusClass,
      calls: 1,
    });
    expect(answer.rows).toEqual(
      inOrder([
        row(first, 'rates/latest', '2xx'),
        row(first, 'rates/latest', '3xx'),
        row(first, 'rates/timeseries', '4xx'),
        row(first, 'rates/rate', '4xx'),
        row(second, 'currencies', '2xx'),
        row(second, 'rates/latest', '4xx'),
      ]),
    );
    expect(answer.keys.map((key) => key.name).sort()).toEqual(['first', 'second']);
  });

  it("answers the breakdown as JSON, as CSV and to the key's owner on GET /api/v1/usage; never another user's", async () => {
    const { user, auth } = await signedIn('basic');
    const formula = await givenIn(t.app).key(user, { name: '=HYPERLINK("http://x.example","y")' });
    const disabled = await givenIn(t.app).key(user, { name: 'Old, "legacy" key', status: 'disabled' });
    const purged = randomUUID();
    const { user: other, auth: otherAuth } = await signedIn('basic');
    const theirs = await givenIn(t.app).key(other, { name: 'theirs' });

    const now = Date.now();
    const [today, yesterday] = [dayOf(now), dayOf(now - DAY_MS)];
    const counter = counterOf(t);
    const count = (keyId: string, endpoint: string, status: number, times: number, at = now) => {
      for (let i = 0; i < times; i++) counter.count(user.id, keyId, endpoint, status, at);
    };
    count(formula.id, 'rates/latest', 200, 3);
    count(formula.id, 'rates/latest', 304, 1);
    count(formula.id, 'rates/historical/:date', 403, 2);
    count(formula.id, 'rates/rate', 503, 1);
    count(formula.id, 'rates/latest', 200, 2, now - DAY_MS);
    count(disabled.id, 'currencies', 403, 1);
    count(purged, 'usage', 200, 4);
    for (let i = 0; i < 5; i++) counter.count(other.id, theirs.id, 'rates/latest', 200, now);
    await counter.flush();

    const expected: UsageBreakdown = {
      from: yesterday,
      to: today,
      rows: inOrder([
        { day: yesterday, keyId: formula.id, endpoint: 'rates/latest', statusClass: '2xx', calls: 2 },
        { day: today, keyId: formula.id, endpoint: 'rates/latest', statusClass: '2xx', calls: 3 },
        { day: today, keyId: formula.id, endpoint: 'rates/latest', statusClass: '3xx', calls: 1 },
        { day: today, keyId: formula.id, endpoint: 'rates/historical/:date', statusClass: '4xx', calls: 2 },
        { day: today, keyId: formula.id, endpoint: 'rates/rate', statusClass: '5xx', calls: 1 },
        { day: today, keyId: disabled.id, endpoint: 'currencies', statusClass: '4xx', calls: 1 },
        { day: today, keyId: purged, endpoint: 'usage', statusClass: '2xx', calls: 4 },
      ]),
      keys: expect.arrayContaining([
        { id: formula.id, name: formula.name, maskedKey: expect.stringMatching(/^fxrates_•+.{4}$/) },
        { id: disabled.id, name: disabled.name, maskedKey: expect.stringMatching(/^fxrates_•+.{4}$/) },
      ]) as unknown as UsageBreakdown['keys'],
    };
    const range = `from=${yesterday}&to=${today}`;
    const json = await http().get(`/api/usage/breakdown?${range}`).set(auth).expect(200);
    expect(json.body).toEqual(expected);
    expect(json.body.keys).toHaveLength(2); // the purged key is not listed
    expect(json.body.keys.find((key: { id: string }) => key.id === formula.id).maskedKey).toBe(
      `fxrates_${'•'.repeat(28)}${formula.key.slice(-4)}`,
    );

    const csv = await http().get(`/api/usage/breakdown.csv?${range}`).set(auth).expect(200);
    expect([
      csv.headers['content-type'],
      csv.headers['content-disposition'],
      csv.headers['cache-control'],
    ]).toEqual([
      'text/csv; charset=utf-8',
      `attachment; filename="fxrates-usage-${yesterday}-to-${today}.csv"`,
      'no-store',
    ]);
    const names: Record<string, string> = {
      [formula.id]: `"'=HYPERLINK(""http://x.example"",""y"")"`,
      [disabled.id]: '"Old, ""legacy"" key"',
      [purged]: 'Deleted key',
    };
    expect(csv.text).toBe(
      [
        'day,key_id,key_name,endpoint,status_class,calls',
        ...expected.rows.map(
          (r) => `${r.day},${r.keyId},${names[r.keyId]},${r.endpoint},${r.statusClass},${r.calls}`,
        ),
        '',
      ].join('\r\n'),
    );

    // The key's owner over the public API: the same breakdown, the quota fields as they were.
    const publicAnswer = await http().get(`/api/v1/usage?${range}`).set('X-API-Key', formula.key).expect(200);
    expect(publicAnswer.body).toEqual({
      plan: 'basic',
      monthlyQuota: 10_000,
      used: 0,
      remaining: 10_000,
      resetsAt: expect.any(String),
      burstPerSecond: 10,
      breakdown: expected,
    });
    const thisMonth = (await http().get('/api/v1/usage').set('X-API-Key', formula.key).expect(200)).body;
    expect([thisMonth.breakdown.from, thisMonth.breakdown.to]).toEqual([`${today.slice(0, 8)}01`, today]);
    expect(thisMonth.breakdown.rows).toEqual(expected.rows.filter((r) => r.day >= `${today.slice(0, 8)}01`));

    // The other user sees their own calls only, and this user's never show theirs.
    const theirAnswer = (await http().get(`/api/usage/breakdown?${range}`).set(otherAuth).expect(200))
      .body as UsageBreakdown;
    expect(theirAnswer.rows).toEqual([
      { day: today, keyId: theirs.id, endpoint: 'rates/latest', statusClass: '2xx', calls: 5 },
    ]);
    expect(theirAnswer.keys.map((key) => key.id)).toEqual([theirs.id]);
    const viaTheirKey = (await http().get(`/api/v1/usage?${range}`).set('X-API-Key', theirs.key).expect(200))
      .body;
    expect(viaTheirKey.breakdown.rows).toEqual(theirAnswer.rows);
    expect(JSON.stringify(json.body)).not.toContain(theirs.id);
  });

  it('answers a period without calls with no rows, and the CSV with its header alone', async () => {
    const { auth } = await signedIn('free');
    const today = dayOf(Date.now());
    const empty = (await http().get('/api/usage/breakdown').set(auth).expect(200)).body;
    expect(empty).toEqual({ from: `${today.slice(0, 8)}01`, to: today, rows: [], keys: [] });
    const csv = await http().get('/api/usage/breakdown.csv').set(auth).expect(200);
    expect(csv.text).toBe('day,key_id,key_name,endpoint,status_class,calls\r\n');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="fxrates-usage-${today.slice(0, 8)}01-to-${today}.csv"`,
    );
  });

  it('refuses a bad period with 400 validation-failed saying what to send, on all three routes', async () => {
    const { user, auth } = await signedIn('basic');
    const key = await givenIn(t.app).key(user);
    const now = Date.now();
    const [today, tomorrow] = [dayOf(now), dayOf(now + DAY_MS)];
    const tooEarly = dayOf(now - MAX_USAGE_BREAKDOWN_DAYS * DAY_MS);
    const refusals: [string, string][] = [
      ['from=2026-13-01', '"from" must be a calendar day as YYYY-MM-DD (UTC), e.g.'],
      ['from=2026-02-30', '"from" must be a calendar day as YYYY-MM-DD (UTC), e.g.'],
      ['to=yesterday', '"to" must be a calendar day as YYYY-MM-DD (UTC), e.g.'],
      [`to=${tomorrow}`, `"to" (${tomorrow}) is after today (${today}, UTC): send a day up to today.`],
      [`from=${today}&to=${dayOf(now - DAY_MS)}`, `"from" (${today}) is after "to"`],
      [
        `from=${tooEarly}&to=${today}`,
        `is ${MAX_USAGE_BREAKDOWN_DAYS + 1} days: send at most ${MAX_USAGE_BREAKDOWN_DAYS}`,
      ],
    ];
    const targets = [
      (query: string) => http().get(`/api/usage/breakdown?${query}`).set(auth),
      (query: string) => http().get(`/api/usage/breakdown.csv?${query}`).set(auth),
      (query: string) => http().get(`/api/v1/usage?${query}`).set('X-API-Key', key.key),
    ];
    for (const target of targets) {
      for (const [query, message] of refusals) {
        const res = await target(query);
        expect([query, res.status, res.headers['content-type'], res.body.code]).toEqual([
          query,
          400,
          'application/problem+json',
          'validation-failed',
        ]);
        expect(res.body.detail).toContain(message);
      }
      const unknown = await target('day=2026-11-01');
      expect([unknown.status, unknown.body.code]).toEqual([400, 'validation-failed']);
    }
    // The longest period is fine.
    const longest = dayOf(now - (MAX_USAGE_BREAKDOWN_DAYS - 1) * DAY_MS);
    await http().get(`/api/usage/breakdown?from=${longest}&to=${today}`).set(auth).expect(200);
  });

  it('requires a signed-in user', async () => {
    await http().get('/api/usage/breakdown').expect(401);
    await http().get('/api/usage/breakdown.csv').expect(401);
  });

  describe('with a second API instance on the same database', () => {
    let u: TestApp | undefined;

    afterAll(async () => {
      await u?.close();
    });

    it('adds up what both instances count of the same cells, written at once', async () => {
      u = await startTestApp(testConfig());
      const user = await givenIn(t.app).user({ plan: 'basic' });
      const keys = [await givenIn(t.app).key(user), await givenIn(t.app).key(user)];
      const endpoints = Array.from({ length: 40 }, (_, i) => `endpoint/${i}`);
      const now = Date.now();
      for (const [instance, times] of [
        [t, 2],
        [u, 3],
      ] as const) {
        for (const key of keys)
          for (const endpoint of endpoints)
            for (let i = 0; i < times; i++) counterOf(instance).count(user.id, key.id, endpoint, 200, now);
      }
      await Promise.all([counterOf(t).flush(), counterOf(u).flush()]);
      const rows = await repositoryOf(t).rowsOfUser(user.id, dayOf(now), dayOf(now));
      expect(rows).toHaveLength(keys.length * endpoints.length);
      expect(rows.every((row) => row.calls === 5)).toBe(true);
    });

    it('keeps 400 days: the first write of a day deletes the days before', async () => {
      const fresh = await startTestApp(testConfig());
      try {
        const user = await givenIn(t.app).user();
        const key = await givenIn(t.app).key(user);
        const now = Date.now();
        const counter = counterOf(fresh);
        counter.count(user.id, key.id, 'rates/latest', 200, now - 400 * DAY_MS);
        counter.count(user.id, key.id, 'rates/latest', 200, now - 399 * DAY_MS);
        counter.count(user.id, key.id, 'rates/latest', 200, now);
        await counter.flush();
        const rows = await repositoryOf(t).rowsOfUser(user.id, '1900-01-01', dayOf(now));
        expect(rows.map((row) => row.day)).toEqual([dayOf(now - 399 * DAY_MS), dayOf(now)]);
      } finally {
        await fresh.close();
      }
    });

    it('writes what it counted when the application shuts down', async () => {
      const user = await givenIn(t.app).user();
      const key = await givenIn(t.app).key(user);
      const now = Date.now();
      counterOf(u!).count(user.id, key.id, 'convert', 200, now);
      counterOf(u!).count(user.id, key.id, 'convert', 400, now);
      const closing = u!;
      u = undefined;
      await closing.close();
      const rows = await repositoryOf(t).rowsOfUser(user.id, dayOf(now), dayOf(now));
      expect(rows.map((row) => `${row.endpoint} ${row.statusClass} ${row.calls}`)).toEqual([
        'convert 2xx 1',
        'convert 4xx 1',
      ]);
    });
  });
});

describe('Usage breakdown while PostgreSQL refuses its writes', () => {
  let pg: ThrowawayPostgres;
  let t: TestApp;

  beforeAll(async () => {
    pg = await startThrowawayPostgres();
    await pg.createDatabase('fxrates');
    await migrateUp({ url: pg.urlOf('fxrates'), poolMax: 2 });
    t = await startTestApp(
      testConfig({
        DATABASE_URL: pg.urlOf('fxrates'),
        REDIS_KEY_PREFIX: `fxrates-test-breakdown-${randomBytes(4).toString('hex')}:`,
      }),
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await pg?.destroy();
  });

  it('keeps the counts in memory, adds those counted meanwhile, and writes them once when it is back', async () => {
    const user = await givenIn(t.app).user();
    const key = await givenIn(t.app).key(user);
    const counter = counterOf(t);
    const now = Date.now();
    const count = (status: number, times: number) => {
      for (let i = 0; i < times; i++) counter.count(user.id, key.id, 'rates/latest', status, now);
    };
    const http = () => request(t.app.getHttpServer());
    await http().get('/api/v1/currencies').set('X-API-Key', key.key).expect(200); // the key is cached now
    // Stopped first: no write, the timer's included, can take these counts away before the refusal.
    await pg.stop();
    count(200, 3);
    await expect(counter.flush()).rejects.toThrow();
    count(200, 2);
    count(429, 1);
    // Reading the breakdown needs PostgreSQL: 503 to retry (and counted, as every answer is).
    const refused = await http().get('/api/v1/usage').set('X-API-Key', key.key);
    expect([refused.status, refused.body.code, refused.headers['retry-after']]).toEqual([
      503,
      'service-unavailable',
      '5',
    ]);
    await expect(counter.flush()).rejects.toThrow();
    await pg.start();
    // The pool's first connections after the restart may still be the dead ones.
    await until(
      () =>
        counter.flush().then(
          () => true,
          () => false,
        ),
      20_000,
    );
    await counter.flush();
    const rows = await repositoryOf(t).rowsOfUser(user.id, dayOf(now), dayOf(now));
    expect(rows.map((row) => `${row.endpoint} ${row.statusClass} ${row.calls}`)).toEqual([
      'currencies 2xx 1',
      'rates/latest 2xx 5',
      'rates/latest 4xx 1',
      'usage 5xx 1',
    ]);
  }, 60_000);
});
