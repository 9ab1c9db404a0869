import type { ClosesFilter } from '@fxrates/db';
import {
  givenContactMessage,
  type GivenContactMessage,
  type GivenContactMessageOptions,
} from './contact-messages';
import type { GivenDatabase } from './database';
import {
  givenEmailVerification,
  givenPasswordReset,
  type GivenEmailedLink,
  type GivenEmailedLinkOptions,
} from './emailed-links';
import { givenKey, givenKeys, type GivenKey, type GivenKeyOptions, type GivenKeysOptions } from './keys';
import { givenQuotaAlert, type GivenQuotaAlert, type GivenQuotaAlertOptions } from './quota-alerts';
import { givenRateAlert, type GivenRateAlert, type GivenRateAlertOptions } from './rate-alerts';
import { givenCloses, givenNoCloses, type GivenCloses } from './rate-history';
import {
  givenAnonymousSession,
  givenRefreshToken,
  givenSignInsAuthenticatedAt,
  type GivenAnonymousSession,
  type GivenAnonymousSessionOptions,
  type GivenRefreshToken,
  type GivenRefreshTokenOptions,
} from './sessions';
import {
  givenPayment,
  givenSubscription,
  type GivenPayment,
  type GivenPaymentOptions,
  type GivenSubscription,
  type GivenSubscriptionOptions,
} from './subscriptions';
import { givenUsage, type GivenDailyRequests } from './usage';
import { givenUser, type GivenUser, type GivenUserOptions } from './users';
import { givenWebhookEvent, type GivenPayPalEvent, type GivenWebhookEventOptions } from './webhook-events';
import {
  givenWebhookEndpoint,
  type GivenWebhookEndpoint,
  type GivenWebhookEndpointOptions,
} from './webhook-endpoints';

/**
 * The test factories, bound to one database: each writes the rows the API or the worker would have
 * written, straight into the tables, so a test arranges its world without going through the routes
 * it is not about. Every row is new (random ids, unique addresses): nothing needs cleaning up.
 */
export interface Given {
  user(options?: GivenUserOptions): Promise<GivenUser>;
  key(user: { id: string }, options?: GivenKeyOptions): Promise<GivenKey>;
  /** `count` keys of `user`, written in one insert (a test that needs many). */
  keys(user: { id: string }, count: number, options?: GivenKeysOptions): Promise<GivenKey[]>;
  /** A new user on `plan` (free unless given) with one key: the commonest start of an API test. */
  keyOnPlan(options?: GivenUserOptions & GivenKeyOptions): Promise<GivenKey & { user: GivenUser }>;
  subscription(user: { id: string }, options?: GivenSubscriptionOptions): Promise<GivenSubscription>;
  payment(subscription: GivenSubscription, options?: GivenPaymentOptions): Promise<GivenPayment>;
  closes(closes: GivenCloses, source?: string): Promise<void>;
  /** None of the closes `filter` takes (a test's own days and currencies, before and after it). */
  noCloses(filter: ClosesFilter): Promise<void>;
  usage(key: GivenKey, requests: GivenDailyRequests): Promise<void>;
  anonymousSession(options: GivenAnonymousSessionOptions): Promise<GivenAnonymousSession>;
  refreshToken(user: { id: string }, options: GivenRefreshTokenOptions): Promise<GivenRefreshToken>;
  webhookEvent(event: GivenPayPalEvent, options?: GivenWebhookEventOptions): Promise<{ id: string }>;
  /** An outgoing webhook endpoint of `user`, its URL unchecked, with its secret. */
  webhookEndpoint(user: { id: string }, options: GivenWebhookEndpointOptions): Promise<GivenWebhookEndpoint>;
  /** Every sign-in of `user` last proved itself at `at` (what its next refresh carries). */
  signInsAuthenticatedAt(user: { id: string }, at: Date): Promise<void>;
  quotaAlert(user: { id: string }, options?: GivenQuotaAlertOptions): Promise<GivenQuotaAlert>;
  rateAlert(user: { id: string }, options?: GivenRateAlertOptions): Promise<GivenRateAlert>;
  contactMessage(email: string, options?: GivenContactMessageOptions): Promise<GivenContactMessage>;
  passwordReset(
    user: { id: string; email: string },
    options?: GivenEmailedLinkOptions,
  ): Promise<GivenEmailedLink>;
  /** An unused verification link of `user` (the row sign-up stores), mailed to nobody. */
  emailVerification(
    user: { id: string; email: string },
    options?: GivenEmailedLinkOptions,
  ): Promise<GivenEmailedLink>;
}

export function givenFor(db: GivenDatabase): Given {
  return {
    user: (options) => givenUser(db, options),
    key: (user, options) => givenKey(db, user, options),
    keys: (user, count, options) => givenKeys(db, user, count, options),
    async keyOnPlan(options = {}) {
      const user = await givenUser(db, options);
      return { ...(await givenKey(db, user, options)), user };
    },
    subscription: (user, options) => givenSubscription(db, user, options),
    payment: (subscription, options) => givenPayment(db, subscription, options),
    closes: (closes, source) => givenCloses(db, closes, source),
    noCloses: (filter) => givenNoCloses(db, filter),
    usage: (key, requests) => givenUsage(db, key, requests),
    anonymousSession: (options) => givenAnonymousSession(db, options),
    refreshToken: (user, options) => givenRefreshToken(db, user, options),
    webhookEvent: (event, options) => givenWebhookEvent(db, event, options),
    webhookEndpoint: (user, options) => givenWebhookEndpoint(db, user, options),
    signInsAuthenticatedAt: (user, at) => givenSignInsAuthenticatedAt(db, user, at),
    quotaAlert: (user, options) => givenQuotaAlert(db, user, options),
    rateAlert: (user, options) => givenRateAlert(db, user, options),
    contactMessage: (email, options) => givenContactMessage(db, email, options),
    passwordReset: (user, options) => givenPasswordReset(db, user, options),
    emailVerification: (user, options) => givenEmailVerification(db, user, options),
  };
}
