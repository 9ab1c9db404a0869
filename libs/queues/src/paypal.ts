import type { JobOrigin } from './queues';

/** Payload of `paypal-webhooks` / `apply-paypal-event`: a verified PayPal event. */
export interface ApplyPayPalEventJob extends JobOrigin {
  eventId: string;
  /**
   * The event as PayPal sent it, verified: the worker stores it when the API could not (PostgreSQL
   * was down when it arrived). Absent from jobs queued before this was added.
   */
  event?: { id: string; event_type: string; resource?: Record<string, unknown> };
}

/** Payload of `paypal-webhooks` / `requeue-unapplied-paypal-events` (the sweep needs nothing). */
export type RequeueUnappliedPayPalEventsJob = Record<string, never>;

/**
 * Options of an `apply-paypal-event` job: `attempts` (PAYPAL_EVENT_ATTEMPTS) with exponential backoff
 * from 1 s; an exhausted job stays in the failed set, where the sweep takes it up again.
 */
export function applyPayPalEventJobOptions(eventId: string, attempts: number) {
  return {
    jobId: paypalEventJobId(eventId),
    attempts,
    backoff: { type: 'exponential' as const, delay: 1000, jitter: 0.5 },
  };
}

/** Payload of `paypal-webhooks` / `sync-paypal-subscription`: re-read a subscription (e.g. at its period end). */
export interface SyncPayPalSubscriptionJob extends JobOrigin {
  paypalSubscriptionId: string;
}

/** One job per event, whoever delivers it how often (BullMQ ids may not contain ":"). */
export function paypalEventJobId(eventId: string): string {
  return `paypal-${eventId}`;
}
