import {
  HIGHEST_PLAN,
  PLANS,
  percentUsed,
  quotaAlertLevel,
  type AccountUsage,
  type QuotaAlertThreshold,
} from '@fxrates/domain';
import { formatCount, formatDate } from '@fxrates/web-kit';

export interface QuotaBannerView {
  level: QuotaAlertThreshold;
  color: 'yellow' | 'orange' | 'red';
  title: string;
  detail: string;
  link: { to: '/pricing' | '/contact'; label: string };
}

const COLORS = { 75: 'yellow', 90: 'orange', 100: 'red' } as const;

/** What the quota banner says for this month's usage; null below 75 % of the quota. */
export function quotaBanner(usage: AccountUsage): QuotaBannerView | null {
  const level = quotaAlertLevel(usage.used, usage.monthlyQuota);
  if (level === null) return null;
  const plan = PLANS[usage.plan]?.name ?? usage.plan;
  const number = formatCount;
  const resets = formatDate(usage.resetsAt);
  const used = `${number(usage.used)} of ${number(usage.monthlyQuota)} requests on the ${plan} plan`;
  return {
    level,
    color: COLORS[level],
    title:
      level === 100
        ? "You have used all of this month's API quota"
        : `You have used ${percentUsed(usage.used, usage.monthlyQuota)}% of this month's API quota`,
    detail:
      level === 100
        ? `${used}. Calls are refused (429) until the quota resets on ${resets}.`
        : `${used}. The quota resets on ${resets}.`,
    link:
      usage.plan === HIGHEST_PLAN
        ? { to: '/contact', label: 'Contact us for a higher quota' }
        : { to: '/pricing', label: 'Upgrade your plan' },
  };
}
