import { QuotaAlert } from '@fxrates/db';
import { PLANS, type PlanId, type QuotaAlertThreshold } from '@fxrates/domain';
import type { GivenDatabase } from './database';

export interface GivenQuotaAlertOptions {
  /** The metering month, "2026-11"; this month (UTC) unless given. */
  month?: string;
  /** 75 unless given. */
  threshold?: QuotaAlertThreshold;
  /** The plan the user was on when it was passed; free unless given. */
  plan?: PlanId;
  /** The plan's quota unless given. */
  monthlyQuota?: number;
  /** Calls counted when it was found passed: exactly the threshold's share of the quota unless given. */
  used?: number;
  superseded?: boolean;
  skippedAt?: Date | null;
  emailedAt?: Date | null;
  createdAt?: Date;
}

export interface GivenQuotaAlert {
  id: string;
  userId: string;
  month: string;
  threshold: QuotaAlertThreshold;
  monthlyQuota: number;
}

/**
 * A threshold of `user`'s month's quota as the usage flush records one passed, not emailed yet
 * unless told otherwise.
 */
export async function givenQuotaAlert(
  db: GivenDatabase,
  user: { id: string },
  options: GivenQuotaAlertOptions = {},
): Promise<GivenQuotaAlert> {
  const plan = options.plan ?? 'free';
  const threshold = options.threshold ?? 75;
  const monthlyQuota = options.monthlyQuota ?? PLANS[plan].monthlyQuota;
  const month = options.month ?? new Date().toISOString().slice(0, 7);
  const em = db.em.fork();
  const row = em.create(QuotaAlert, {
    userId: user.id,
    month,
    threshold,
    plan,
    monthlyQuota,
    used: String(options.used ?? Math.ceil((monthlyQuota * threshold) / 100)),
    superseded: options.superseded ?? false,
    skippedAt: options.skippedAt ?? null,
    emailedAt: options.emailedAt ?? null,
    createdAt: options.createdAt ?? new Date(),
  });
  await em.flush();
  return { id: row.id, userId: user.id, month, threshold, monthlyQuota };
}
