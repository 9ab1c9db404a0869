import {
  cheapestPlanAllowing,
  ErrorCode,
  PLANS,
  planAllowsCurrency,
  type PlanId,
  type PublicEndpoint,
} from '@fxrates/domain';
import { AppException } from '../../common/errors';

/**
 * The pricing page, as a link a client can follow (RFC 8288): relative to the API's own origin, which
 * serves the site as well (one host: the Ingress and nginx send `/api` to the API and the rest to the web).
 */
const PRICING_LINK = '</pricing>; rel="help"; title="Plans and upgrades"';

function upgradeRequired(what: string, plan: PlanId | undefined, current: PlanId): AppException {
  const needed = plan ? PLANS[plan].name : 'a higher';
  return new AppException(
    ErrorCode.PlanUpgradeRequired,
    `${what} needs the ${needed} plan or higher; your plan is ${PLANS[current].name}. Upgrade at /pricing.`,
    undefined,
    { link: PRICING_LINK },
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
