import {
  cheapestPlanAllowing,
  ErrorCode,
  PLANS,
  planAllowsCurrency,
  planAllowsEndpoint,
  cheapestPlanFor,
  type PlanId,
  type PublicEndpoint,
  type BarInterval,
  type PlanBars,
} from '@fxrates/domain';
import { AppException } from '../../common/errors';

/**
 * The pricing page, as a link a client can follow (RFC 8288): relative to the API's own origin, which
 * serves the site as well (one host: the Ingress and nginx send `/api` to the API and the rest to the web).
 */
const PRICING_PATH = '/pricing';
const PRICING_LINK = `<${PRICING_PATH}>; rel="help"; title="Plans and upgrades"`;

/**
 * 403 `plan-upgrade-required`: the text names the plan needed and the key's own, and the body says the
 * same to code (`requiredPlan`, `currentPlan`, `upgradeUrl`), so a client can offer the upgrade.
 */
function upgradeRequired(what: string, plan: PlanId | undefined, current: PlanId): AppException {
  const needed = plan ? PLANS[plan].name : 'a higher';
  return new AppException(
    ErrorCode.PlanUpgradeRequired,
    `${what} needs the ${needed} plan or higher; your plan is ${PLANS[current].name}. Upgrade at ${PRICING_PATH}.`,
    undefined,
    { link: PRICING_LINK },
    { ...(plan ? { requiredPlan: plan } : {}), currentPlan: current, upgradeUrl: PRICING_PATH },
  );
}

export function assertEndpointInPlan(plan: PlanId, endpoint: PublicEndpoint): void {
  if (planAllowsEndpoint(plan, endpoint)) return;
  throw upgradeRequired(`The ${endpoint} endpoint`, cheapestPlanFor(endpoint), plan);
}

/** 403 unless the plan reads bars of `interval` (PlanDefinition.bars), naming the cheapest plan that does. */
export function assertBarIntervalInPlan(plan: PlanId, interval: BarInterval): void {
  const reads = (id: PlanId) => (PLANS[id].bars as PlanBars | null)?.intervals.includes(interval) === true;
  if (reads(plan)) return;
  throw upgradeRequired(`Bars of ${interval}`, cheapestPlanAllowing(reads), plan);
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
