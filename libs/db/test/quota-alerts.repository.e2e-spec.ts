import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { QuotaAlertsRepository, UsageRepository, type NewQuotaAlertRow } from '../src';
import { newKey, newUser } from './support/accounts';
import { lockOrder, WAITED } from './support/lock-order';
import { connectOrm } from './support/test-database';

/** The usage flush's quota alert queries against real PostgreSQL, on accounts of this file's own. */
describe('QuotaAlertsRepository', () => {
  let orm: MikroORM;
  let alerts: QuotaAlertsRepository;

  beforeAll(async () => {
    orm = await connectOrm();
    alerts = new QuotaAlertsRepository(orm.em.fork());
  });
  afterAll(() => orm.close());

  const alert = (
    userId: string,
    threshold: number,
    extra: Partial<NewQuotaAlertRow> = {},
  ): NewQuotaAlertRow => ({
    id: randomUUID(),
    user_id: userId,
    month: '2026-03',
    threshold,
    plan: 'free',
    monthly_quota: 1000,
    used: 950,
    superseded: false,
    skipped: false,
    ...extra,
  });

  it('sums each touched user’s month from usage_daily, from the month given on, with plan and thresholds', async () => {
    const userId = await newUser(orm.em, 'basic');
    const [a, b] = [await newKey(orm.em, userId), await newKey(orm.em, userId)];
    await new UsageRepository(orm.em.fork()).add([
      { keyId: a.id, day: '2026-02-27', requests: 7 },
      { keyId: a.id, day: '2026-03-01', requests: 10 },
      { keyId: b.id, day: '2026-03-20', requests: 5 },
    ]);
    const touched = [
      { keyId: a.id, day: '2026-03-01' },
      { keyId: b.id, day: '2026-03-20' },
      { keyId: a.id, day: '2026-02-27' },
      { keyId: randomUUID(), day: '2026-03-01' },
    ];
    expect(await alerts.usedByUserAndMonth(touched, '2026-03')).toEqual([
      { user_id: userId, month: '2026-03', plan: 'basic', quota_alert_thresholds: [75, 90, 100], used: '15' },
    ]);
    const both = await alerts.usedByUserAndMonth(touched, '2026-02');
    expect(both.map((row) => `${row.month} ${row.used}`).sort()).toEqual(['2026-02 7', '2026-03 15']);
    expect(await alerts.usedByUserAndMonth([], '2026-01')).toEqual([]);
  });

  it('records each threshold once, answering only those recorded now, skipped ones marked', async () => {
    const userId = await newUser(orm.em);
    expect(await alerts.record([])).toEqual([]);
    const first = await alerts.record([
      alert(userId, 75, { superseded: true }),
      alert(userId, 90, { skipped: true }),
    ]);
    expect(first.map((row) => [row.threshold, row.superseded, row.skipped])).toEqual([
      [75, true, false],
      [90, false, true],
    ]);
    const again = await alerts.record([alert(userId, 75), alert(userId, 100)]);
    expect(again.map((row) => row.threshold)).toEqual([100]);
    // Another quota (a plan change) is another set of thresholds.
    expect(await alerts.record([alert(userId, 75, { monthly_quota: 5000 })])).toHaveLength(1);
  });

  it('records a threshold once when two flushes record it at the same time', async () => {
    const userId = await newUser(orm.em);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => new QuotaAlertsRepository(orm.em.fork()).record([alert(userId, 100)])),
    );
    expect(results.flat()).toHaveLength(1);
  });

  it('holds a second flush touching the same user until the first ends', async () => {
    const userId = await newUser(orm.em);
    const key = await newKey(orm.em, userId);
    const touched = [{ keyId: key.id, day: '2026-03-01' }];
    expect(await lockOrder(orm, (tx) => new QuotaAlertsRepository(tx).lockOwnersOf(touched))).toEqual(WAITED);
  });
});
