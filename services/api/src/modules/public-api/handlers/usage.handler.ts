import type { MeteringService } from '../../metering';
import { onlyParameters } from '../../rates/query-params';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../public-route';
import { usagePeriod } from '../../metering';

/** GET /api/v1/usage: this month's quota state of the key's owner (not metered). */
export function usageRoute(metering: MeteringService): PublicRoute {
  return {
    path: `${PUBLIC_API_PREFIX}/usage`,
    metered: false,
    async handle({ query, key, now }) {
      onlyParameters(query, []);
      const plan = metering.limitsOf(key.plan);
      const used = await metering.used(key.userId, now);
      return JSON.stringify({
        plan: plan.id,
        monthlyQuota: plan.monthlyQuota,
        used,
        remaining: Math.max(0, plan.monthlyQuota - used),
        resetsAt: new Date(usagePeriod(now).resetsAt).toISOString(),
        burstPerSecond: plan.burstPerSecond,
      });
    },
  };
}
