import { EmailVerification, PasswordReset } from '@fxrates/db';
import type { GivenDatabase } from './database';

const HOUR_MS = 3_600_000;

export interface GivenEmailedLinkOptions {
  createdAt?: Date;
  /** After the API's default lifetime of that kind of link unless given (from `createdAt`). */
  expiresAt?: Date;
}

/** A link's row as the API stores it when it mails one: its id is what the token signs. */
export interface GivenEmailedLink {
  id: string;
  email: string;
}

/** An unused link of `kind` for `user`'s address (stored as given), lasting `lifetimeMs` unless told. */
async function givenEmailedLink(
  db: GivenDatabase,
  kind: typeof PasswordReset | typeof EmailVerification,
  lifetimeMs: number,
  user: { id: string; email: string },
  options: GivenEmailedLinkOptions,
): Promise<GivenEmailedLink> {
  const createdAt = options.createdAt ?? new Date();
  const em = db.em.fork();
  const row = em.create(kind, {
    userId: user.id,
    email: user.email,
    createdAt,
    expiresAt: options.expiresAt ?? new Date(createdAt.getTime() + lifetimeMs),
  });
  await em.flush();
  return { id: row.id, email: user.email };
}

/** An unused password-reset link of `user` (an hour, as the API mails them). */
export function givenPasswordReset(
  db: GivenDatabase,
  user: { id: string; email: string },
  options: GivenEmailedLinkOptions = {},
): Promise<GivenEmailedLink> {
  return givenEmailedLink(db, PasswordReset, HOUR_MS, user, options);
}

/**
 * An unused verification link of `user` (a day, EMAIL_VERIFICATION_TTL_HOURS' default), as sign-up or
 * a resend stores it; nothing is mailed.
 */
export function givenEmailVerification(
  db: GivenDatabase,
  user: { id: string; email: string },
  options: GivenEmailedLinkOptions = {},
): Promise<GivenEmailedLink> {
  return givenEmailedLink(db, EmailVerification, 24 * HOUR_MS, user, options);
}
