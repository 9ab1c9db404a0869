import {
  cheapestPlanAllowing,
  ErrorCode,
  PLANS,
  planAllowsCurrency,
  type PlanId,
  type PublicEndpoint,
} from '@fxrates/domain';
import { AppException } from '../../common/app-exception';

function upgradeRequired(what: string, plan: PlanId | undefined, current: PlanId): AppException {
  const needed = plan ? PLANS[plan].name : 'a higher';
  return new AppException(
    ErrorCode.PlanUpgradeRequired,
    `${what} needs the ${needed} plan or higher; your plan is ${PLANS[current].name}. Upgrade at /pricing.`,
  );
}

export function assertEndpointInPlan(plan: PlanId, endpoint: PublicEndpoint): void {
  if (PLANS[plan].endpoints.includes(endpoint)) return;
  const needed = cheapestPlanAllowing((p) => PLANS[p].endpoints.includes(endpoint));
  throw upgradeRequired(`The ${endpoint} endpoint`, needed, plan);
}

export function assertCurrenciesInPlan(plan: PlanId, codes: readonly string[]): void {
  for (const code of codes) {
    if (!planAllowsCurrency(plan, code)) {
      throw upgradeRequired(
        code,
        cheapestPlanAllowing((p) => planAllowsCurrency(p, code)),
        plan,
      );
    }
  }
}
