/** Payload of `paypal-webhooks` / `apply-paypal-event`: a stored, verified PayPal event. */
export interface ApplyPayPalEventJob {
  eventId: string;
}

/** Payload of `paypal-webhooks` / `sync-paypal-subscription`: re-read a subscription (e.g. at its period end). */
export interface SyncPayPalSubscriptionJob {
  paypalSubscriptionId: string;
}

/** One job per event, whoever delivers it how often (BullMQ ids may not contain ":"). */
export function paypalEventJobId(eventId: string): string {
  return `paypal-${eventId}`;
}

/** Redis channel announcing a user id whose plan changed (API instances drop their cached keys). */
export function planChangedChannelName(redisKeyPrefix: string): string {
  return `${redisKeyPrefix}plans:changed`;
}
