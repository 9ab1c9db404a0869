import type { AppConfig } from '@fxrates/config';
import type { PayPalSale } from './paypal-sale';
import { PayPalUnavailableError, type PayPalSubscription } from './paypal-subscription';

const REQUEST_TIMEOUT_MS = 10_000;
/** Renew a token this long before PayPal says it expires, so none expires in flight. */
const TOKEN_EXPIRY_MARGIN_MS = 60_000;

/** The PAYPAL-* headers of a webhook delivery, our webhook id and the body exactly as received. */
export interface WebhookSignatureInput {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
  webhookId: string;
  rawBody: string;
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
    return this.find<PayPalSubscription>(`/v1/billing/subscriptions/${encodeURIComponent(id)}?fields=plan`);
  }

  /** A payment (sale) as it is now, refunded or reversed included, or null when PayPal does not know it. */
  getSale(id: string): Promise<PayPalSale | null> {
    return this.find<PayPalSale>(`/v1/payments/sale/${encodeURIComponent(id)}`);
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
   * Asks PayPal whether a webhook delivery is genuine (POST /v1/notifications/verify-webhook-signature).
   * The event goes over exactly as received, so PayPal checks the bytes it signed.
   */
  async verifyWebhookSignature(input: WebhookSignatureInput): Promise<boolean> {
    const fields = JSON.stringify({
      auth_algo: input.authAlgo,
      cert_url: input.certUrl,
      transmission_id: input.transmissionId,
      transmission_sig: input.transmissionSig,
      transmission_time: input.transmissionTime,
      webhook_id: input.webhookId,
    });
    const body = `${fields.slice(0, -1)},"webhook_event":${input.rawBody}}`;
    const response = await this.call('POST', '/v1/notifications/verify-webhook-signature', body);
    if (response.status === 400) return false;
    if (!response.ok) throw new PayPalUnavailableError(`webhook verification answered ${response.status}`);
    const { verification_status: status } = await this.readJson<{ verification_status?: string }>(response);
    return status === 'SUCCESS';
  }

  private async find<T>(path: string): Promise<T | null> {
    const response = await this.call('GET', path);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok)
      throw new PayPalUnavailableError(`GET ${path.split('?')[0]} answered ${response.status}`);
    return this.readJson<T>(response);
  }

  private async call(method: string, path: string, body?: string): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const response = await this.send(`${this.config.apiBaseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
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
    const { access_token: value, expires_in: expiresIn } = await this.readJson<{
      access_token?: string;
      expires_in?: number;
    }>(response);
    if (!value || typeof expiresIn !== 'number') throw new PayPalUnavailableError('token response malformed');
    this.token = { value, expiresAt: Date.now() + expiresIn * 1000 - TOKEN_EXPIRY_MARGIN_MS };
    return value;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new PayPalUnavailableError((error as Error).message);
    }
  }

  private async readJson<T>(response: Response): Promise<T> {
    try {
      return (await response.json()) as T;
    } catch {
      throw new PayPalUnavailableError('response was not JSON');
    }
  }
}
