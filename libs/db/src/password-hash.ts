import * as argon2 from 'argon2';

/** argon2id at OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The stored form of a password (`users.password_hash`), beside the entity so whatever writes a user
 * (the API, the tests' factories) stores it one way. In the API only through PasswordHashing, which
 * bounds how many run at once.
 */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password);
}
