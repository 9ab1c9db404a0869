/**
 * Every Redis pub/sub channel of the product, in one place: who publishes on it, who listens, and
 * what a message carries. Channels carry a hint to drop or re-read a cache, never the state itself,
 * so a lost message costs only time (each listener also re-reads on its own schedule).
 */
export function pubSubChannels(redisKeyPrefix: string) {
  return {
    /** A changed API key's stored hash: the API (KeysService) publishes; API instances drop the key from cache. */
    keyChanged: `${redisKeyPrefix}keys:changed`,
    /** A user id whose plan changed: the API and the worker (plan changes) publish; API instances drop its keys. */
    planChanged: `${redisKeyPrefix}plans:changed`,
    /** A new rates table's version: the worker (RatesStore) publishes; API instances load the table. */
    ratesChanged: `${redisKeyPrefix}rates:changed`,
  };
}

export type PubSubChannels = ReturnType<typeof pubSubChannels>;
