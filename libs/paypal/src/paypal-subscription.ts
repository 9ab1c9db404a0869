import { textWithin } from '@fxrates/rates';

/** A price as PayPal writes it: a decimal string in major units, e.g. "167.88". */
export interface PayPalMoney {
  currency_code?: string;
  value?: string;
}

/** One billing cycle of a plan, or of a subscription's override of it. */
export interface PayPalBillingCycle {
  sequence?: number;
  tenure_type?: string;
  total_cycles?: number;
  pricing_scheme?: { fixed_price?: PayPalMoney; pricing_model?: string; tiers?: unknown[] };
}

/**
 * The fields of PayPal's subscription resource (GET /v1/billing/subscriptions/{id}?fields=plan) we
 * act on. `plan` holds what the subscription overrides of its plan (`plan_overridden`), e.g. the price.
 */
export interface PayPalSubscription {
  id: string;
  plan_id?: string;
  status?: string;
  status_update_time?: string;
  update_time?: string;
  start_time?: string;
  custom_id?: string;
  quantity?: string;
  plan_overridden?: boolean;
  plan?: { billing_cycles?: PayPalBillingCycle[] };
  /** The PayPal account that pays the subscription. */
  subscriber?: { payer_id?: string };
  billing_info?: {
    last_payment?: { amount?: PayPalMoney; time?: string };
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

/**
 * A PayPal answer's text, read up to `limit` bytes; undefined when it is larger (not read further).
 * An answer cut short is PayPal unavailable.
 */
export async function payPalAnswerText(response: Response, limit: number): Promise<string | undefined> {
  try {
    return await textWithin(response, limit);
  } catch (error) {
    throw new PayPalUnavailableError(`answer cut short: ${(error as Error).message}`);
  }
}
