export interface WebhookDisabledEmailInput {
  productName: string;
  firstName: string;
  url: string;
  /** How many deliveries in a row failed every attempt. */
  failedDeliveries: number;
  /** When, as the mail shows it (UTC). */
  disabledAt: string;
  webUrl: string;
}

/** Tells an account the worker disabled one of its webhook endpoints after repeated failure. */
export function webhookDisabledEmail(input: WebhookDisabledEmailInput): { subject: string; text: string } {
  return {
    subject: `Your ${input.productName} webhook endpoint was disabled`,
    text: [
      `Hello ${input.firstName || 'there'},`,
      '',
      `We disabled your webhook endpoint ${input.url} on ${input.disabledAt}: the last ${input.failedDeliveries} events sent to it failed every attempt for about 24 hours each (no 2xx answer).`,
      '',
      `No events are sent to it while it is disabled. Once it answers again, enable it under Webhooks on your dashboard (${input.webUrl}/dashboard/webhooks); its delivery log shows each attempt, and failed events can be replayed from there.`,
      '',
      `— ${input.productName}`,
      '',
    ].join('\n'),
  };
}
