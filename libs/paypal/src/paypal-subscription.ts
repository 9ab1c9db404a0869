/** The fields of PayPal's subscription resource (GET /v1/billing/subscriptions/{id}) we act on. */
export interface PayPalSubscription {
  id: string;
  plan_id?: string;
  status?: string;
  status_update_time?: string;
  update_time?: string;
  start_time?: string;
  custom_id?: string;
  plan_overridden?: boolean;
  billing_info?: {
    last_payment?: { amount?: { currency_code?: string; value?: string }; time?: string };
    next_billing_time?: string;
  };
}

/** PayPal could not be asked (network, timeout, 5xx, refused credentials): nothing was decided. */
export class PayPalUnavailableError extends Error {
  constructor(reason: string) {
    super(`PayPal unavailable: ${reason}`);
    this.name = 'PayPalUnavailableError';
  }
}
