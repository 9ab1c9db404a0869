import { SealedSecretBox } from '@fxrates/db';

/**
 * Seals authenticator secrets at rest with a key derived from a server secret, so a copy of the
 * database alone reveals no authenticator. The user id is the owner: a ciphertext moved to another
 * account's row does not decrypt.
 */
export class SecretBox extends SealedSecretBox {
  constructor(serverSecret: string) {
    // The info every stored authenticator secret was sealed with: changing it loses them all.
    super(serverSecret, {
      hkdfInfo: 'fxrates-pro totp-secret aes-256-gcm v1',
      sealedWhat: 'authenticator secret',
    });
  }
}
