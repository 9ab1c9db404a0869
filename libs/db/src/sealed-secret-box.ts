import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What a box seals: each purpose gets its own key from the same server secret. */
export interface SealingPurpose {
  /** The HKDF info the key is derived with; changing it makes every value already sealed unopenable. */
  readonly hkdfInfo: string;
  /** What is sealed, for the error when a value is not one: "webhook secret". */
  readonly sealedWhat: string;
}

/**
 * Seals secrets at rest (AES-256-GCM, a random 96-bit IV per value, the key derived with HKDF-SHA-256
 * from a server secret and the purpose's info): a copy of the database alone reveals nothing. The
 * owner (the id of the row the value belongs to) is the additional data: a value moved to another
 * row does not open. Stored as `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export class SealedSecretBox {
  private readonly key: Buffer;

  constructor(
    serverSecret: string,
    private readonly purpose: SealingPurpose,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), purpose.hkdfInfo, 32));
  }

  seal(plaintext: string, owner: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(owner));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
  }

  /** The plaintext; throws when the value was not sealed by this key for this owner. */
  open(sealed: string, owner: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || iv === undefined || tag === undefined || ciphertext === undefined) {
      throw new Error(`Not a sealed ${this.purpose.sealedWhat}`);
    }
    const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(owner));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
