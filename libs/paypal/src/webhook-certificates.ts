import { X509Certificate } from 'node:crypto';
import pLimit, { type LimitFunction } from 'p-limit';
import { payPalAnswerText, PayPalUnavailableError } from './paypal-subscription';

/**
 * The hosts PayPal serves its webhook signing certificates from (PAYPAL-CERT-URL is
 * `https://<host>/v1/notifications/certs/CERT-…`): its REST hosts, live and sandbox.
 */
export const PAYPAL_CERT_HOSTS: readonly string[] = [
  'api.paypal.com',
  'api-m.paypal.com',
  'api.sandbox.paypal.com',
  'api-m.sandbox.paypal.com',
];

const CERT_PATH = /^\/v1\/notifications\/certs\/[A-Za-z0-9-]{1,200}$/;

/** PayPal's certificate (with its chain) is a few KB of PEM; anything bigger is not read. */
export const MAX_CERTIFICATE_BYTES = 32 * 1024;

/** The certificate is PayPal's no more: the URL names none, or not a usable one. The delivery is forged. */
export class WebhookCertificateRefused extends Error {
  constructor(reason: string) {
    super(`webhook certificate refused: ${reason}`);
    this.name = 'WebhookCertificateRefused';
  }
}

/** Too many certificate fetches are waiting: the delivery should come again later. */
export class WebhookCertificatesBusy extends Error {
  constructor() {
    super('too many webhook certificate fetches waiting');
    this.name = 'WebhookCertificatesBusy';
  }
}

export interface WebhookCertificateOptions {
  /**
   * The REST base URL we call PayPal at (PAYPAL_API_BASE_URL). Its origin is allowed besides PayPal's
   * hosts, so a stand-in configured there can serve certificates; a header can never add an origin.
   */
  apiBaseUrl: string;
  /**
   * Certificates remembered, least recently used dropped first; as many refused URLs are remembered
   * apart, so URLs a forger names can never push PayPal's certificate out.
   */
  maxEntries?: number;
  /** Fetches at once; `queueLimit` more wait, and past that a delivery is refused as busy. */
  concurrency?: number;
  queueLimit?: number;
  timeoutMs?: number;
  /** How long a URL that named no certificate is refused without asking again. */
  refusalTtlMs?: number;
  now?: () => number;
}

interface Refusal {
  refused: string;
  until: number;
}

/**
 * PayPal's webhook signing certificates by URL: each fetched once (concurrent deliveries naming one
 * URL share one fetch), at most `concurrency` fetches at once with a bounded queue, within a timeout
 * and MAX_CERTIFICATE_BYTES, no redirect followed, and kept in a bounded cache. A URL is fetched only
 * when it is https on one of PAYPAL_CERT_HOSTS (or the configured base URL's origin) under
 * /v1/notifications/certs/. A URL that named no certificate is remembered as refused for a while,
 * apart from the certificates: each new path a forger names costs one fetch, never PayPal's
 * certificate its place in the cache. The TLS connection to PayPal's host is what makes the certificate
 * PayPal's; its validity dates are checked each time it is used.
 */
export class PayPalWebhookCertificates {
  private readonly certificates = new Map<string, X509Certificate>();
  private readonly refusals = new Map<string, Refusal>();
  private readonly pending = new Map<string, Promise<X509Certificate>>();
  private readonly limit: LimitFunction;
  private readonly configuredOrigin: string | undefined;
  private readonly settings: Required<Omit<WebhookCertificateOptions, 'apiBaseUrl'>>;

  constructor(options: WebhookCertificateOptions) {
    this.settings = {
      maxEntries: options.maxEntries ?? 32,
      concurrency: options.concurrency ?? 2,
      queueLimit: options.queueLimit ?? 16,
      timeoutMs: options.timeoutMs ?? 5_000,
      refusalTtlMs: options.refusalTtlMs ?? 10 * 60_000,
      now: options.now ?? Date.now,
    };
    this.limit = pLimit(this.settings.concurrency);
    this.configuredOrigin = originOf(options.apiBaseUrl);
  }

  /** Whether PAYPAL-CERT-URL may be fetched at all; a delivery naming any other URL is forged. */
  isAllowedUrl(value: string): boolean {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    if (url.username || url.password || url.search || url.hash || !CERT_PATH.test(url.pathname)) return false;
    if (url.origin === this.configuredOrigin) return true;
    return url.protocol === 'https:' && !url.port && PAYPAL_CERT_HOSTS.includes(url.hostname);
  }

  /**
   * The certificate at `url` (which isAllowedUrl must have let through), valid now. Throws
   * WebhookCertificateRefused when it names none, PayPalUnavailableError when PayPal did not answer
   * usably, WebhookCertificatesBusy when too many fetches wait.
   */
  async get(url: string): Promise<X509Certificate> {
    if (!this.isAllowedUrl(url)) throw new WebhookCertificateRefused('not a PayPal certificate URL');
    const certificate = this.cached(url) ?? (await this.fetchOnce(url));
    const now = this.settings.now();
    if (now < Date.parse(certificate.validFrom) || now > Date.parse(certificate.validTo)) {
      this.certificates.delete(url);
      throw new WebhookCertificateRefused(
        `${url} is not valid now (${certificate.validFrom} – ${certificate.validTo})`,
      );
    }
    return certificate;
  }

  private cached(url: string): X509Certificate | undefined {
    const refusal = this.refusals.get(url);
    if (refusal) {
      if (refusal.until > this.settings.now()) throw new WebhookCertificateRefused(refusal.refused);
      this.refusals.delete(url);
    }
    const certificate = this.certificates.get(url);
    if (certificate) remember(this.certificates, url, certificate, this.settings.maxEntries); // most recently used
    return certificate;
  }

  private fetchOnce(url: string): Promise<X509Certificate> {
    const running = this.pending.get(url);
    if (running) return running;
    if (
      this.limit.activeCount + this.limit.pendingCount >=
      this.settings.concurrency + this.settings.queueLimit
    ) {
      return Promise.reject(new WebhookCertificatesBusy());
    }
    const fetching = this.limit(() => this.download(url))
      .then(
        (certificate) => {
          remember(this.certificates, url, certificate, this.settings.maxEntries);
          return certificate;
        },
        (error: unknown) => {
          if (error instanceof WebhookCertificateRefused) {
            const until = this.settings.now() + this.settings.refusalTtlMs;
            remember(this.refusals, url, { refused: error.message, until }, this.settings.maxEntries);
          }
          throw error;
        },
      )
      .finally(() => this.pending.delete(url));
    this.pending.set(url, fetching);
    return fetching;
  }

  private async download(url: string): Promise<X509Certificate> {
    let response: Response;
    try {
      response = await fetch(url, {
        redirect: 'manual',
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      throw new PayPalUnavailableError(`certificate fetch failed: ${(error as Error).message}`);
    }
    if (
      response.status >= 500 ||
      (response.status >= 300 && response.status < 400) ||
      response.status === 429
    ) {
      await response.body?.cancel();
      throw new PayPalUnavailableError(`certificate fetch answered ${response.status}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new WebhookCertificateRefused(`${url} answered ${response.status}`);
    }
    const pem = await payPalAnswerText(response, MAX_CERTIFICATE_BYTES);
    if (pem === undefined)
      throw new WebhookCertificateRefused(`${url} is larger than ${MAX_CERTIFICATE_BYTES} bytes`);
    try {
      // The first certificate of the PEM is the signing one; the chain after it is not needed.
      return new X509Certificate(pem);
    } catch (error) {
      throw new WebhookCertificateRefused(`${url} is not a certificate: ${(error as Error).message}`);
    }
  }
}

/** Puts `url` last (most recently used) in `entries`, dropping the least recently used past `max`. */
function remember<T>(entries: Map<string, T>, url: string, entry: T, max: number): void {
  entries.delete(url);
  entries.set(url, entry);
  if (entries.size > max) entries.delete(entries.keys().next().value as string);
}

function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}
