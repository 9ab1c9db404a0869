import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { generate } from 'selfsigned';

/** What a test may set of a delivery the stand-in signs (PayPal sets them all itself). */
export interface SignOverrides {
  /** Sign for another webhook id than the stand-in's. */
  webhookId?: string;
  transmissionId?: string;
  /** PAYPAL-TRANSMISSION-TIME, e.g. an hour ago (default: now). */
  transmissionTime?: string;
}

export interface SignedDelivery {
  body: string;
  headers: Record<string, string>;
}

/** PayPal's side of webhook signatures, for the stand-in (paypal-stand-in.ts). */
export interface WebhookSigning {
  /** PAYPAL-CERT-URL of deliveries signed now: the current certificate, on the stand-in's own host. */
  certUrl(): string;
  /** The body and PAYPAL-* headers PayPal would deliver for `event`, signed for `webhookId`. */
  sign(event: object, webhookId: string, overrides?: SignOverrides): SignedDelivery;
  /** A new key and certificate at a new URL, as when PayPal renews its own; the old URL still answers. */
  rotateCertificate(): Promise<void>;
  /**
   * PayPal's answer when the request is to one of its webhook-signature endpoints: a certificate
   * (GET /v1/notifications/certs/{id}) or POST /v1/notifications/verify-webhook-signature.
   */
  answer(
    method: string,
    path: string,
    body: string,
    authorised: boolean,
  ): [number, object | string, string?] | undefined;
}

interface SigningCertificate {
  /** Its path on the stand-in; the base URL is known only once the stand-in listens. */
  path: string;
  pem: string;
  privateKey: string;
  publicKey: string;
}

const CERTS_PATH = '/v1/notifications/certs/';
const DAY_MS = 86_400_000;

/** What PayPal signs: transmission id, time, webhook id and the CRC32 of the body's bytes, joined by "|". */
function signedString(transmissionId: string, time: string, webhookId: string, body: string): string {
  return `${transmissionId}|${time}|${webhookId}|${crc32(Buffer.from(body))}`;
}

/**
 * An RSA key and a self-signed X.509 certificate for it, served like PayPal's at
 * `<stand-in>/v1/notifications/certs/CERT-…` (node:crypto reads certificates but cannot make one on
 * Node 20, hence `selfsigned`).
 */
async function newCertificate(): Promise<SigningCertificate> {
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const now = Date.now();
  const { cert } = await generate(
    [{ name: 'commonName', value: 'messageverificationcerts.sandbox.paypal.com' }],
    {
      keyPair: keys,
      algorithm: 'sha256',
      notBeforeDate: new Date(now - DAY_MS),
      notAfterDate: new Date(now + 365 * DAY_MS),
    },
  );
  const id = `CERT-360caa42-fca2a594-${randomBytes(4).toString('hex')}`;
  return { path: `${CERTS_PATH}${id}`, pem: cert, ...keys };
}

/** The stand-in's webhook signing; `baseUrl` is where it listens, known once it does. */
export async function startWebhookSigning(baseUrl: () => string): Promise<WebhookSigning> {
  const certificates: SigningCertificate[] = [await newCertificate()];
  const current = () => certificates[certificates.length - 1];
  const urlOf = (certificate: SigningCertificate) => `${baseUrl()}${certificate.path}`;

  return {
    certUrl: () => urlOf(current()),
    sign(event, webhookId, overrides = {}) {
      const body = JSON.stringify(event);
      const transmissionId = overrides.transmissionId ?? randomUUID();
      const time = overrides.transmissionTime ?? new Date().toISOString();
      const signing = current();
      const signature = createSign('sha256')
        .update(signedString(transmissionId, time, overrides.webhookId ?? webhookId, body))
        .sign(signing.privateKey, 'base64');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': urlOf(signing),
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': signature,
          'paypal-transmission-time': time,
        },
      };
    },
    async rotateCertificate() {
      certificates.push(await newCertificate());
    },
    answer(method, path, body, authorised) {
      if (method === 'GET' && path.startsWith(CERTS_PATH)) {
        const certificate = certificates.find((each) => each.path === path);
        if (!certificate) {
          return [404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' }];
        }
        return [200, certificate.pem, 'application/x-pem-file'];
      }
      if (method !== 'POST' || path !== '/v1/notifications/verify-webhook-signature') return undefined;
      if (!authorised) {
        return [401, { error: 'invalid_token', error_description: 'Token signature verification failed' }];
      }
      const input = JSON.parse(body) as Record<string, unknown>;
      const certificate = certificates.find((each) => urlOf(each) === input.cert_url);
      const genuine =
        certificate !== undefined &&
        input.auth_algo === 'SHA256withRSA' &&
        typeof input.transmission_sig === 'string' &&
        createVerify('sha256')
          .update(
            signedString(
              String(input.transmission_id),
              String(input.transmission_time),
              String(input.webhook_id),
              JSON.stringify(input.webhook_event),
            ),
          )
          .verify(certificate.publicKey, input.transmission_sig, 'base64');
      return [200, { verification_status: genuine ? 'SUCCESS' : 'FAILURE' }];
    },
  };
}
