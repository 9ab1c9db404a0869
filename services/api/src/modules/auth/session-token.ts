import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Shape of a token we issue: 43 base64url characters. Anything else is refused without a lookup. */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
