import type { GivenDatabase } from './database';
import { givenKey, type GivenKey, type GivenKeyOptions } from './keys';
import { givenCloses, type GivenCloses } from './rate-history';
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

/**
 * The test factories, bound to one database: each writes the rows the API or the worker would have
 * written, straight into the tables, so a test arranges its world without going through the routes
 * it is not about. Every row is new (random ids, unique addresses): nothing needs cleaning up.
 */
export interface Given {
  user(options?: GivenUserOptions): Promise<GivenUser>;
  key(user: { id: string }, options?: GivenKeyOptions): Promise<GivenKey>;
  /** A new user on `plan` (free unless given) with one key: the commonest start of an API test. */
  keyOnPlan(options?: GivenUserOptions & GivenKeyOptions): Promise<GivenKey & { user: GivenUser }>;
  subscription(user: { id: string }, options?: GivenSubscriptionOptions): Promise<GivenSubscription>;
  payment(subscription: GivenSubscription, options?: GivenPaymentOptions): Promise<GivenPayment>;
  closes(closes: GivenCloses, source?: string): Promise<void>;
  usage(key: GivenKey, requests: GivenDailyRequests): Promise<void>;
}

export function givenFor(db: GivenDatabase): Given {
  return {
    user: (options) => givenUser(db, options),
    key: (user, options) => givenKey(db, user, options),
    async keyOnPlan(options = {}) {
      const user = await givenUser(db, options);
      return { ...(await givenKey(db, user, options)), user };
    },
    subscription: (user, options) => givenSubscription(db, user, options),
    payment: (subscription, options) => givenPayment(db, subscription, options),
    closes: (closes, source) => givenCloses(db, closes, source),
    usage: (key, requests) => givenUsage(db, key, requests),
  };
}
