import type { AppConfig } from '@fxrates/config';
import { BILLING_CURRENCY, formatMinorUnits } from '@fxrates/domain';
import { isRecord } from '@fxrates/rates';
import { AnswerFieldError } from './paypal-answer-checks';
import {
  checkedCaptureState,
  checkedOrder,
  type CaptureOutcome,
  type OrderRequest,
  type PayPalCaptureState,
  type PayPalOrder,
} from './paypal-order';
import { checkedSale, type PayPalSale } from './paypal-sale';
import { payPalAnswerText, PayPalUnavailableError, type PayPalSubscription } from './paypal-subscription';
import { checkedSubscription } from './subscription-answer';

const REQUEST_TIMEOUT_MS = 10_000;
/**
 * The largest answer read from PayPal: its biggest (a subscription with its plan) is a few KB, so
 * anything near this is not PayPal's and is refused unread rather than held in memory.
 */
export const MAX_PAYPAL_BODY_BYTES = 1024 * 1024;
/** Renew a token this long before PayPal says it expires, so none expires in flight. */
const TOKEN_EXPIRY_MARGIN_MS = 60_000;

/** The http(s) href of the answer's HATEOAS link `rel`, or undefined. */
function linkOf(answer: Record<string, unknown>, rel: string): string | undefined {
  const { links } = answer;
  const link = Array.isArray(links)
    ? (links as unknown[]).find(
        (candidate): candidate is { href: string } =>
          isRecord(candidate) && candidate.rel === rel && typeof candidate.href === 'string',
      )
    : undefined;
  return link && /^https?:\/\//.test(link.href) && link.href.length <= 2000 ? link.href : undefined;
}

/** A capture's refusals that are about the buyer's way to pay: nothing taken, they may pay otherwise. */
const DECLINES = new Set([
  'INSTRUMENT_DECLINED',
  'PAYER_ACTION_REQUIRED',
  'TRANSACTION_REFUSED',
  'PAYER_CANNOT_PAY',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
]);

/** The first `details[].issue` of a PayPal error answer, e.g. INSTRUMENT_DECLINED. */
function issueOf(answer: Record<string, unknown>): string | undefined {
  const details = Array.isArray(answer.details) ? (answer.details as unknown[]) : [];
  const first = details.find(isRecord);
  return typeof first?.issue === 'string' ? first.issue.slice(0, 80) : undefined;
}

interface CachedToken {
  value: string;
  expiresAt: number;
}

/**
 * PayPal's REST API with an app access token (client credentials), cached until shortly before it
 * expires and shared by concurrent callers. A 401 drops the token and retries once.
 */
export class PayPalClient {
  private token: CachedToken | undefined;
  private pendingToken: Promise<string> | undefined;

  constructor(private readonly config: AppConfig['paypal']) {}

  get configured(): boolean {
    return Boolean(this.config.clientId && this.config.clientSecret);
  }

  /**
   * The subscription with what it overrides of its plan (`fields=plan`: PayPal leaves the overridden
   * price out otherwise), or null when PayPal does not know the id.
   */
  getSubscription(id: string): Promise<PayPalSubscription | null> {
    const path = `/v1/billing/subscriptions/${encodeURIComponent(id)}?fields=plan`;
    return this.find(path, (answer) => checkedSubscription(answer, id));
  }

  /** A payment (sale) as it is now, refunded or reversed included, or null when PayPal does not know it. */
  getSale(id: string): Promise<PayPalSale | null> {
    return this.find(`/v1/payments/sale/${encodeURIComponent(id)}`, (answer) => checkedSale(answer, id));
  }

  /** Cancels at PayPal; false when PayPal refuses because the subscription is no longer active. */
  async cancelSubscription(id: string, reason: string): Promise<boolean> {
    const response = await this.call(
      'POST',
      `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`,
      JSON.stringify({ reason }),
    );
    if (response.status === 422) return false;
    if (response.status !== 204) throw new PayPalUnavailableError(`cancel answered ${response.status}`);
    return true;
  }

  /**
   * Revises the subscription to another of our plans (POST /v1/billing/subscriptions/{id}/revise).
   * Nothing changes until the buyer approves at PayPal's `approve` link; PayPal then sends them to
   * `returnUrl`, shows the new plan_id on the subscription and bills its price from the next cycle.
   * Null when PayPal refuses because the subscription cannot be revised (not active, unknown).
   */
  async reviseSubscription(
    id: string,
    planId: string,
    urls: { returnUrl: string; cancelUrl: string },
  ): Promise<{ approveUrl: string } | null> {
    const response = await this.call(
      'POST',
      `/v1/billing/subscriptions/${encodeURIComponent(id)}/revise`,
      JSON.stringify({
        plan_id: planId,
        application_context: {
          shipping_preference: 'NO_SHIPPING',
          user_action: 'CONTINUE',
          return_url: urls.returnUrl,
          cancel_url: urls.cancelUrl,
        },
      }),
    );
    if (response.status === 422 || response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) throw new PayPalUnavailableError(`revise answered ${response.status}`);
    const approve = linkOf(await this.readJson(response), 'approve');
    if (!approve) throw new PayPalUnavailableError('revise answered no usable approve link');
    return { approveUrl: approve };
  }

  /**
   * Creates an order for a one-time payment (POST /v2/checkout/orders, intent CAPTURE): our reference
   * as custom_id and invoice_id (PayPal refuses a second order with the same invoice id), and the
   * same reference as PayPal-Request-Id, so a retried call makes no second order. Nothing is taken
   * until we capture it after the buyer approved at the answered link.
   */
  async createOrder(order: OrderRequest): Promise<{ id: string; approveUrl: string }> {
    const value = formatMinorUnits(order.amountMinor);
    const response = await this.call(
      'POST',
      '/v2/checkout/orders',
      JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: order.reference,
            custom_id: order.reference,
            invoice_id: order.reference,
            description: order.description.slice(0, 127),
            amount: { currency_code: BILLING_CURRENCY, value },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              return_url: order.returnUrl,
              cancel_url: order.cancelUrl,
            },
          },
        },
      }),
      // One request id per call, never shared with the capture (PayPal refuses a reused one).
      { 'paypal-request-id': `create-${order.reference}` },
    );
    if (!response.ok) throw new PayPalUnavailableError(`order creation answered ${response.status}`);
    const answer = await this.readJson(response);
    const approve = linkOf(answer, 'payer-action') ?? linkOf(answer, 'approve');
    if (typeof answer.id !== 'string' || !/^[A-Z0-9]{5,40}$/.test(answer.id) || !approve) {
      throw new PayPalUnavailableError('order creation answered no usable order id or approve link');
    }
    return { id: answer.id, approveUrl: approve };
  }

  /** A capture as it is now (GET /v2/payments/captures/{id}), refunded or reversed included; null when unknown. */
  getCapture(id: string): Promise<PayPalCaptureState | null> {
    return this.find(`/v2/payments/captures/${encodeURIComponent(id)}`, (answer) =>
      checkedCaptureState(answer, id),
    );
  }

  /** An order as it is now (GET /v2/checkout/orders/{id}), or null when PayPal does not know it. */
  getOrder(id: string): Promise<PayPalOrder | null> {
    return this.find(`/v2/checkout/orders/${encodeURIComponent(id)}`, (answer) => checkedOrder(answer, id));
  }

  /**
   * Captures an approved order (POST /v2/checkout/orders/{id}/capture). An order of ours is captured
   * once at most (a final capture: PayPal answers ORDER_ALREADY_CAPTURED to any second one), so no
   * request id is sent: a retry after a lost answer finds the order COMPLETED, and one after a decline
   * is a new attempt. PayPal's refusals (declined instrument, not approved, captured before) are
   * answered as such; anything unreadable is PayPal unavailable.
   */
  async captureOrder(id: string): Promise<CaptureOutcome> {
    const response = await this.call('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, '{}', {
      prefer: 'return=representation',
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return { captured: false, reason: 'unknown-order' };
    }
    if (response.status === 422) {
      const issue = issueOf(await this.readJson(response));
      if (issue && DECLINES.has(issue)) return { captured: false, reason: 'declined' };
      if (issue === 'ORDER_ALREADY_CAPTURED') return { captured: false, reason: 'already-captured' };
      if (issue === 'ORDER_NOT_APPROVED') return { captured: false, reason: 'not-approved' };
      throw new PayPalUnavailableError(`capture refused: ${issue ?? 'no issue named'}`);
    }
    if (!response.ok) throw new PayPalUnavailableError(`capture answered ${response.status}`);
    const answer = await this.readJson(response);
    try {
      return { captured: true, order: checkedOrder(answer, id) };
    } catch (error) {
      if (!(error instanceof AnswerFieldError)) throw error;
      throw new PayPalUnavailableError(`capture answered an unusable order: ${error.message}`);
    }
  }

  /** GETs a resource and checks PayPal's answer with `check` (which throws AnswerFieldError); null on 404. */
  private async find<T>(path: string, check: (answer: Record<string, unknown>) => T): Promise<T | null> {
    const where = `GET ${path.split('?')[0]}`;
    const response = await this.call('GET', path);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) throw new PayPalUnavailableError(`${where} answered ${response.status}`);
    const answer = await this.readJson(response);
    try {
      return check(answer);
    } catch (error) {
      if (!(error instanceof AnswerFieldError)) throw error;
      throw new PayPalUnavailableError(`${where} answered an unusable resource: ${error.message}`);
    }
  }

  private async call(
    method: string,
    path: string,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const response = await this.send(`${this.config.apiBaseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body,
      });
      if (response.status !== 401 || attempt > 0) return response;
      await response.body?.cancel();
      if (this.token?.value === token) this.token = undefined;
    }
  }

  private accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return Promise.resolve(this.token.value);
    this.pendingToken ??= this.fetchToken().finally(() => (this.pendingToken = undefined));
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const { clientId, clientSecret, apiBaseUrl } = this.config;
    const response = await this.send(`${apiBaseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    if (!response.ok) throw new PayPalUnavailableError(`token request answered ${response.status}`);
    const { access_token: value, expires_in: expiresIn } = await this.readJson(response);
    if (typeof value !== 'string' || !value || typeof expiresIn !== 'number' || !(expiresIn > 0)) {
      throw new PayPalUnavailableError('token response malformed');
    }
    this.token = { value, expiresAt: Date.now() + expiresIn * 1000 - TOKEN_EXPIRY_MARGIN_MS };
    return value;
  }

  /**
   * One request within the timeout. A redirect is refused, not followed: a hostile PayPal (or DNS)
   * could otherwise send our credentials, or us, to any address we can reach.
   */
  private async send(url: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PayPalUnavailableError((error as Error).message);
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const target = response.headers.get('location')?.slice(0, 200) ?? 'nowhere';
      throw new PayPalUnavailableError(`${new URL(url).pathname} redirected to ${target}; not followed`);
    }
    return response;
  }

  /** The answer's JSON object, read up to MAX_PAYPAL_BODY_BYTES; anything else is PayPal unavailable. */
  private async readJson(response: Response): Promise<Record<string, unknown>> {
    const text = await payPalAnswerText(response, MAX_PAYPAL_BODY_BYTES);
    if (text === undefined)
      throw new PayPalUnavailableError(`answer larger than ${MAX_PAYPAL_BODY_BYTES} bytes; not read`);
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new PayPalUnavailableError('answer was not JSON');
    }
    if (!isRecord(answer)) throw new PayPalUnavailableError('answer was not a JSON object');
    return answer;
  }
}
