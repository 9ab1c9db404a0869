import { createHash, randomInt } from 'node:crypto';

/** How many recovery codes an enrolment gives, each good once. */
export const RECOVERY_CODE_COUNT = 10;

/** No 0/o, 1/l/i: a code copied by hand from paper is read back as written. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

/** A new code such as `k7m2p-x9qrt`: 10 characters of 31, about 49 bits, too many to guess. */
export function newRecoveryCode(): string {
  const char = () => ALPHABET[randomInt(ALPHABET.length)];
  const half = () => Array.from({ length: HALF }, char).join('');
  return `${half()}-${half()}`;
}

/** What a typed code is compared as: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/**
 * Stored as SHA-256 of the normalised code: a random code of ~49 bits needs no slow hash (as for
 * refresh tokens), and a lookup by hash stays one indexed query.
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}
