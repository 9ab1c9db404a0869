/**
 * Test factories (`given.user`, `given.key`, …) that write what the API and the worker would, straight
 * into PostgreSQL, and the operations on the database server itself that fault tests and the test
 * harness need (database-server.ts). Tests only: no service depends on this lib.
 */
export { givenFor, type Given } from './given';
export { openGiven, type OpenGiven } from './open-given';
export type { GivenDatabase } from './database';
export { freePort } from './free-port';
export { refusedWebhookTargets } from './refused-webhook-targets';
export { GIVEN_PASSWORD } from './password';
export { uniqueEmail, type GivenUser, type GivenUserOptions } from './users';
export type { GivenKey, GivenKeyOptions, GivenKeysOptions } from './keys';
export type {
  GivenPayment,
  GivenPaymentOptions,
  GivenSubscription,
  GivenSubscriptionOptions,
} from './subscriptions';
export type { GivenCloses } from './rate-history';
export { todayUtc, type GivenDailyRequests } from './usage';
export type {
  GivenAnonymousSession,
  GivenAnonymousSessionOptions,
  GivenRefreshToken,
  GivenRefreshTokenOptions,
} from './sessions';
export type { GivenPayPalEvent, GivenWebhookEventOptions } from './webhook-events';
export type { GivenWebhookEndpoint, GivenWebhookEndpointOptions } from './webhook-endpoints';
export type { GivenQuotaAlert, GivenQuotaAlertOptions } from './quota-alerts';
export type { GivenRateAlert, GivenRateAlertOptions } from './rate-alerts';
export type { GivenContactMessage, GivenContactMessageOptions } from './contact-messages';
export type { GivenEmailedLink, GivenEmailedLinkOptions } from './emailed-links';
export {
  addMark,
  appliedMigrationCount,
  createMarksTable,
  currentDatabaseName,
  DatabaseServer,
  holdConnection,
  lockTable,
  marksIn,
  onDatabaseServer,
  roundTrip,
  someSessionWaitsOnLockOf,
  type HeldTableLock,
} from './database-server';
export { renameTableAway, type TableAway } from './database-server';
