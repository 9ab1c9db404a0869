import { verify, type X509Certificate } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * PAYPAL-AUTH-ALGO values we verify, as the digest node:crypto takes. PayPal signs with
 * `SHA256withRSA`; the longer SHA-2 digests cost nothing to accept. Anything else (SHA1withRSA
 * included) is refused: no delivery is ever handed to PayPal to verify for us.
 */
const DIGESTS: Readonly<Record<string, string>> = {
  SHA256withRSA: 'sha256',
  SHA384withRSA: 'sha384',
  SHA512withRSA: 'sha512',
};

export const isKnownWebhookAuthAlgo = (authAlgo: string): boolean => Object.hasOwn(DIGESTS, authAlgo);

/** The PAYPAL-* headers of a delivery that its signature covers, with our webhook id. */
export interface WebhookSignatureInput {
  authAlgo: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
  webhookId: string;
  /** The body exactly as received: its bytes, not a re-encoding of them. */
  rawBody: Buffer;
}

/**
 * What PayPal signs: `<transmission id>|<transmission time>|<our webhook id>|<CRC32 of the body>`, the
 * CRC32 (IEEE, zlib's) of the body's bytes as an unsigned decimal. node:zlib has crc32 from Node
 * 20.15 and 22.2; package.json's engines ask for 20.19 or 22.13 at least.
 */
export function webhookSignedMessage(
  input: Pick<WebhookSignatureInput, 'transmissionId' | 'transmissionTime' | 'webhookId' | 'rawBody'>,
): string {
  return `${input.transmissionId}|${input.transmissionTime}|${input.webhookId}|${crc32(input.rawBody)}`;
}

/**
 * Whether PAYPAL-TRANSMISSION-SIG is the signature of the delivery by the key of `certificate`
 * (PayPal's documented offline verification). False for an algorithm we do not know, a signature
 * that is not base64, or a certificate whose key cannot verify it.
 */
export function isGenuineWebhookSignature(
  input: WebhookSignatureInput,
  certificate: X509Certificate,
): boolean {
  const digest = DIGESTS[input.authAlgo];
  if (!digest || !Object.hasOwn(DIGESTS, input.authAlgo)) return false;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(input.transmissionSig)) return false;
  const signature = Buffer.from(input.transmissionSig, 'base64');
  try {
    return verify(digest, Buffer.from(webhookSignedMessage(input)), certificate.publicKey, signature);
  } catch {
    // An EC or otherwise unusable key for an RSA algorithm: not PayPal's signature.
    return false;
  }
}
