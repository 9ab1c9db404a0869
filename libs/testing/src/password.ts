import { hashPassword } from '@fxrates/db';

/** The password every given user signs in with unless a test asks for its own. */
export const GIVEN_PASSWORD = 'correct horse battery';

let defaultHash: Promise<string> | undefined;

/**
 * The stored hash of `password`. argon2 costs tens of milliseconds by design, so the default password
 * is hashed once per process and its hash shared by every user; another password gets its own.
 */
export function passwordHashOf(password: string): Promise<string> {
  if (password !== GIVEN_PASSWORD) return hashPassword(password);
  defaultHash ??= hashPassword(GIVEN_PASSWORD).catch((error: unknown) => {
    defaultHash = undefined;
    throw error;
  });
  return defaultHash;
}
