/**
 * Test factories (`given.user`, `given.key`, …) that write what the API and the worker would, straight
 * into PostgreSQL. Tests only: no service depends on this lib.
 */
export { givenFor, type Given } from './given';
export type { GivenDatabase } from './database';
export { GIVEN_PASSWORD } from './password';
export { uniqueEmail, type GivenUser, type GivenUserOptions } from './users';
export type { GivenKey, GivenKeyOptions } from './keys';
export type {
  GivenPayment,
  GivenPaymentOptions,
  GivenSubscription,
  GivenSubscriptionOptions,
} from './subscriptions';
export type { GivenCloses } from './rate-history';
export { todayUtc, type GivenDailyRequests } from './usage';
