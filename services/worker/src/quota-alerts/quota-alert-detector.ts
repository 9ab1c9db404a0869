import type { EntityManager } from '@mikro-orm/postgresql';
import { QuotaAlertsRepository } from '@fxrates/db';
import { thresholdsReached, type PlanId, type PlanLimits, type QuotaAlertThreshold } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';

/** A threshold recorded now, to be emailed once the transaction has committed. */
export interface NewQuotaAlert {
  id: string;
  userId: string;
  month: string;
  monthlyQuota: number;
  threshold: number;
}

/**
 * Finds the quota thresholds (75, 90, 100 %) the calls of a usage-flush batch made their owners pass,
 * inside the transaction that applies the batch, and records each once in quota_alerts.
 *
 * Why here: the flush already aggregates every API instance's calls, every few seconds, in one
 * transaction per batch, so the hot path does nothing more per call, and the batch is applied exactly
 * once (usage_flush_batches): an alert is recorded with the counts that passed it or not at all.
 *
 * Exact under concurrent flushes: the touched users' rows are locked (in id order, so two flushes
 * never deadlock) before their month is summed. Two flushes whose batches each stay under 75 % but
 * pass it together decide one after the other, and the second sees the first's counts. The unique
 * key (user, month, quota, threshold) keeps each threshold to one row whatever happens.
 *
 * Several thresholds passed at once (70 % to 100 % in one flush): each is recorded, only the highest
 * the user wants is emailed, the lower ones are marked superseded, as Stripe and GitHub do.
 * A threshold the user turned off is recorded as skipped: never emailed, not even if
 * turned back on later that month (the unique key holds the row), and it supersedes nothing, so with
 * 100 % off a flush from 70 % to 100 % still sends the 90 % email. Months already over at
 * flush time (calls of 23:59:59 flushed after midnight) are not alerted: their quota has reset.
 */
export async function recordQuotaAlerts(
  tx: EntityManager,
  counts: ReadonlyArray<{ keyId: string; day: string }>,
  plans: Record<PlanId, PlanLimits>,
  currentMonth: string,
): Promise<NewQuotaAlert[]> {
  if (counts.length === 0) return [];
  const alerts = new QuotaAlertsRepository(tx);
  await alerts.lockOwnersOf(counts);
  const rows = await alerts.usedByUserAndMonth(counts, currentMonth);
  const candidates = rows.flatMap((row) => {
    const limits = plans[row.plan];
    if (!limits) return [];
    const used = Number(row.used);
    const reached = thresholdsReached(used, limits.monthlyQuota);
    const wanted = (threshold: QuotaAlertThreshold) => row.quota_alert_thresholds.includes(threshold);
    const highestWanted = reached.filter(wanted).at(-1);
    return reached.map((threshold) => ({
      id: randomUUID(),
      user_id: row.user_id,
      month: row.month,
      threshold,
      plan: row.plan,
      monthly_quota: limits.monthlyQuota,
      used,
      superseded: wanted(threshold) && threshold !== highestWanted,
      skipped: !wanted(threshold),
    }));
  });
  if (candidates.length === 0) return [];
  const inserted = await alerts.record(candidates);
  return inserted
    .filter((row) => !row.superseded && !row.skipped)
    .map((row) => ({
      id: row.id,
      userId: row.user_id,
      month: row.month,
      monthlyQuota: Number(row.monthly_quota),
      threshold: Number(row.threshold),
    }));
}
