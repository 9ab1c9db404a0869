/**
 * Plans: the one way a user's plan changes (UserPlansService over @fxrates/plans, which the worker
 * uses too), and what a plan allows on the public API (its endpoints and currencies).
 */
export { PlansModule } from './plans.module';
export { UserPlansService } from './user-plans.service';
export { assertBarIntervalInPlan, assertCurrenciesInPlan, assertEndpointInPlan } from './plan-gate';
