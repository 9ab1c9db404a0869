import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@fxrates/domain';

/** The add dialog's fields. */
export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  /** "EUR/USD", for rate.changed. */
  pairs: string[];
  /** Percent as typed ("0.5"); '' when empty. */
  minChangePercent: string;
}

/** The body of `POST /api/webhooks`. */
export interface CreateWebhookRequest {
  url: string;
  description?: string;
  events: WebhookEventType[];
  pairs?: string[];
  minChangePercent?: string;
}

export type WebhookFormErrors = Partial<Record<keyof WebhookFormValues, string>>;

export const WEBHOOK_FORM_TEXTS = {
  urlRequired: 'Enter the URL events are sent to.',
  urlInvalid: 'Enter a full URL, such as https://example.com/webhooks.',
  eventRequired: 'Choose at least one event.',
  pairRequired: 'Choose at least one pair for rate.changed.',
  minChangeInvalid: 'The minimum change is a number of percent, such as 0.5.',
  pairSame: 'Choose two different currencies.',
} as const;

export const DEFAULT_MIN_CHANGE_PERCENT = '0.1';

export function newWebhookValues(): WebhookFormValues {
  return { url: '', description: '', events: [], pairs: [], minChangePercent: DEFAULT_MIN_CHANGE_PERCENT };
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** What stops the form from being sent; the API checks the rest (https, a public address, the plan). */
export function webhookFormErrors(values: WebhookFormValues): WebhookFormErrors {
  const errors: WebhookFormErrors = {};
  const url = values.url.trim();
  if (url === '') errors.url = WEBHOOK_FORM_TEXTS.urlRequired;
  else if (!isHttpUrl(url)) errors.url = WEBHOOK_FORM_TEXTS.urlInvalid;
  if (values.events.length === 0) errors.events = WEBHOOK_FORM_TEXTS.eventRequired;
  if (values.events.includes('rate.changed')) {
    if (values.pairs.length === 0) errors.pairs = WEBHOOK_FORM_TEXTS.pairRequired;
    if (!DECIMAL.test(values.minChangePercent.trim()))
      errors.minChangePercent = WEBHOOK_FORM_TEXTS.minChangeInvalid;
  }
  return errors;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The request the form stands for: events in the catalogue's order; pairs only with rate.changed. */
export function createWebhookRequestOf(values: WebhookFormValues): CreateWebhookRequest {
  const events = WEBHOOK_EVENT_TYPES.filter((event) => values.events.includes(event));
  const description = values.description.trim();
  const request: CreateWebhookRequest = { url: values.url.trim(), events };
  if (description !== '') request.description = description;
  if (events.includes('rate.changed')) {
    request.pairs = [...values.pairs];
    request.minChangePercent = values.minChangePercent.trim();
  }
  return request;
}

/** "EUR/USD" from the two pickers; null when they are the same currency. */
export function pairOf(base: string, quote: string): string | null {
  return base === quote ? null : `${base}/${quote}`;
}

/** The pairs after adding one: each once, in the order added. */
export function withPair(pairs: readonly string[], pair: string): string[] {
  return pairs.includes(pair) ? [...pairs] : [...pairs, pair];
}
