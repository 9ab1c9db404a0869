import { randomBytes } from 'node:crypto';

import { SealedSecretBox } from './sealed-secret-box';

/** A new Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * Seals webhook signing secrets at rest with a key derived from API_KEY_HASH_SECRET: the API seals at
 * creation, the worker opens to sign. The endpoint id is the owner: a ciphertext moved to another
 * endpoint's row does not open.
 */
export class WebhookSecretBox extends SealedSecretBox {
  constructor(serverSecret: string) {
    // The info every stored webhook secret was sealed with: changing it loses them all.
    super(serverSecret, {
      hkdfInfo: 'fxrates-pro webhook-secret aes-256-gcm v1',
      sealedWhat: 'webhook secret',
    });
  }
}
