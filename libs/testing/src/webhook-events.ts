import { WebhookEvent } from '@fxrates/db';
import type { GivenDatabase } from './database';

/** A PayPal webhook event as PayPal sends it (only what the row keeps apart is typed). */
export interface GivenPayPalEvent {
  id: string;
  event_type: string;
}

export interface GivenWebhookEventOptions {
  /** The PayPal subscription the event is about; none unless given. */
  resourceId?: string | null;
  /** Now unless given. */
  receivedAt?: Date;
}

/**
 * A verified PayPal event stored as the API stores one it received, not applied yet and never queued:
 * only the worker's sweep of unapplied events finds it.
 */
export async function givenWebhookEvent(
  db: GivenDatabase,
  event: GivenPayPalEvent,
  options: GivenWebhookEventOptions = {},
): Promise<{ id: string }> {
  const em = db.em.fork();
  const row = em.create(WebhookEvent, {
    provider: 'paypal',
    eventId: event.id,
    type: event.event_type,
    resourceId: options.resourceId ?? null,
    payload: { ...event },
    receivedAt: options.receivedAt ?? new Date(),
  });
  await em.flush();
  return { id: row.id };
}
