export { FixingFreezer, type FreezeOutcome } from './fixing-freezer';
export { FixingSigningKeys } from './fixing-signing-keys';
export { FixingsProcessor, FIXINGS_PLAN_SCHEDULER_ID } from './fixings.processor';
