import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlanId } from '@fxrates/domain';

/** A key's calls on a day, as a usage flush applies them (only the key and the day matter here). */
export interface TouchedKeyDay {
  keyId: string;
  day: string;
}

/** A user's calls in a month touched by a flush, with the plan and the thresholds they want mailed. */
export interface MonthUsedRow {
  user_id: string;
  month: string;
  plan: PlanId;
  quota_alert_thresholds: number[];
  /** bigint, as text. */
  used: string;
}

/** A threshold a flush made a user pass, to record. */
export interface NewQuotaAlertRow {
  id: string;
  user_id: string;
  month: string;
  threshold: number;
  plan: PlanId;
  monthly_quota: number;
  used: number;
  superseded: boolean;
  skipped: boolean;
}

/** A threshold recorded by `record` (not one recorded before). */
export interface RecordedQuotaAlertRow {
  id: string;
  user_id: string;
  month: string;
  monthly_quota: number;
  threshold: number;
  superseded: boolean;
  skipped: boolean;
}

/** Each touched user's calls in each touched month, with their plan: from usage_daily, this transaction included. */
const USED_BY_USER_AND_MONTH = `
with touched as (
  select distinct k.user_id, to_char(c.day, 'YYYY-MM') as month
    from jsonb_to_recordset(?::jsonb) as c(key_id uuid, day date)
    join api_keys k on k.id = c.key_id
   where to_char(c.day, 'YYYY-MM') >= ?
)
select t.user_id, t.month, u.plan, u.quota_alert_thresholds,
       (select coalesce(sum(d.requests), 0)
          from usage_daily d
         where d.user_id = t.user_id
           and d.day >= to_date(t.month, 'YYYY-MM')
           and d.day < to_date(t.month, 'YYYY-MM') + interval '1 month')::text as used
  from touched t join users u on u.id = t.user_id`;

const touchedJson = (touched: readonly TouchedKeyDay[]) =>
  JSON.stringify(touched.map((c) => ({ key_id: c.keyId, day: c.day })));

/**
 * quota_alerts as the usage flush records them, inside the transaction applying its batch (build it
 * on that transaction's EntityManager). The unique key (user, month, quota, threshold) keeps each
 * threshold to one row whatever happens.
 */
export class QuotaAlertsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Locks the rows of the users owning the touched keys, in id order (two flushes never deadlock),
   * until the transaction ends: two flushes deciding about one user do so one after the other.
   */
  async lockOwnersOf(touched: readonly TouchedKeyDay[]): Promise<void> {
    await this.em.execute(
      `select u.id from users u
        where u.id in (select k.user_id from api_keys k
                        where k.id in (select (c->>'key_id')::uuid from jsonb_array_elements(?::jsonb) c))
        order by u.id
          for no key update`,
      [touchedJson(touched)],
    );
  }

  /** Each touched user's calls in each touched month from `fromMonth` (YYYY-MM) on, with their plan. */
  usedByUserAndMonth(touched: readonly TouchedKeyDay[], fromMonth: string): Promise<MonthUsedRow[]> {
    return this.em.execute<MonthUsedRow[]>(USED_BY_USER_AND_MONTH, [touchedJson(touched), fromMonth]);
  }

  /** Records the alerts not recorded yet; answers those it recorded (skipped ones marked so). */
  async record(alerts: readonly NewQuotaAlertRow[]): Promise<RecordedQuotaAlertRow[]> {
    if (alerts.length === 0) return [];
    return this.em.execute<RecordedQuotaAlertRow[]>(
      `insert into quota_alerts (id, user_id, month, threshold, plan, monthly_quota, used, superseded, skipped_at)
       select a.id, a.user_id, a.month, a.threshold, a.plan, a.monthly_quota, a.used, a.superseded,
              case when a.skipped then now() end
         from jsonb_to_recordset(?::jsonb) as a(id uuid, user_id uuid, month text, threshold smallint,
                                               plan text, monthly_quota integer, used bigint, superseded boolean,
                                               skipped boolean)
       on conflict (user_id, month, monthly_quota, threshold) do nothing
       returning id, user_id, month, monthly_quota, threshold, superseded, skipped_at is not null as skipped`,
      [JSON.stringify(alerts)],
    );
  }
}
