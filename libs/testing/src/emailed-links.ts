import { EmailVerification, PasswordReset } from '@fxrates/db';
import type { GivenDatabase } from './database';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface GivenPasswordResetOptions {
  createdAt?: Date;
  /** An hour after `createdAt` unless given, as the API mails them. */
  expiresAt?: Date;
}

/** A password-reset link's row as the API stores it when it mails one: its id is what the token signs. */
export interface GivenPasswordReset {
  id: string;
  email: string;
}

/** An unused password-reset link of `user`, for the address it has (stored as given). */
export async function givenPasswordReset(
  db: GivenDatabase,
  user: { id: string; email: string },
  options: GivenPasswordResetOptions = {},
): Promise<GivenPasswordReset> {
  const createdAt = options.createdAt ?? new Date();
  const em = db.em.fork();
  const row = em.create(PasswordReset, {
    userId: user.id,
    email: user.email,
    createdAt,
    expiresAt: options.expiresAt ?? new Date(createdAt.getTime() + HOUR_MS),
  });
  await em.flush();
  return { id: row.id, email: user.email };
}

export interface GivenEmailVerificationOptions {
  createdAt?: Date;
  /** A day after `createdAt` unless given, as the API mails them by default (EMAIL_VERIFICATION_TTL_HOURS). */
  expiresAt?: Date;
}

/** A verification link's row as sign-up or a resend stores it: its id is what the token signs. */
export interface GivenEmailVerification {
  id: string;
  email: string;
}

/** An unused verification link of `user`, for the address it has (stored as given); nothing is mailed. */
export async function givenEmailVerification(
  db: GivenDatabase,
  user: { id: string; email: string },
  options: GivenEmailVerificationOptions = {},
): Promise<GivenEmailVerification> {
  const createdAt = options.createdAt ?? new Date();
  const em = db.em.fork();
  const row = em.create(EmailVerification, {
    userId: user.id,
    email: user.email,
    createdAt,
    expiresAt: options.expiresAt ?? new Date(createdAt.getTime() + DAY_MS),
  });
  await em.flush();
  return { id: row.id, email: user.email };
}
