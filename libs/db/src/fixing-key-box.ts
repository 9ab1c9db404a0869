import { SealedSecretBox } from './sealed-secret-box';

/**
 * Seals the private keys that sign fixings (their JWK's JSON) with a key derived from
 * API_KEY_HASH_SECRET, the app's data key: a copy of the database alone signs nothing. The kid is the
 * owner: a sealed key moved to another kid's row does not open.
 */
export class FixingKeyBox extends SealedSecretBox {
  constructor(serverSecret: string) {
    super(serverSecret, {
      hkdfInfo: 'fxrates-pro fixing-signing-key aes-256-gcm v1',
      sealedWhat: 'fixing signing key',
    });
  }
}
