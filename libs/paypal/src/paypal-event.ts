/** A PayPal webhook event as PayPal sent it (only the members we read are typed). */
export interface PayPalEvent {
  id: string;
  event_type: string;
  resource?: Record<string, unknown>;
}

/** The PayPal subscription an event is about: the resource of BILLING.SUBSCRIPTION.*, the agreement of a sale. */
export function subscriptionIdOf(event: PayPalEvent): string | null {
  const resource = event.resource ?? {};
  const id = event.event_type.startsWith('BILLING.SUBSCRIPTION.')
    ? resource.id
    : event.event_type.startsWith('PAYMENT.SALE.')
      ? resource.billing_agreement_id
      : undefined;
  return typeof id === 'string' && /^[A-Za-z0-9-]{3,50}$/.test(id) ? id : null;
}

/**
 * The webhook_events row of a verified event, stored by the API when it receives it or, when
 * PostgreSQL was down then, by the worker from the job that carries the event.
 */
export function payPalEventRecord(event: PayPalEvent) {
  return {
    provider: 'paypal' as const,
    eventId: event.id,
    type: event.event_type,
    resourceId: subscriptionIdOf(event),
    payload: event as unknown as Record<string, unknown>,
  };
}
