import { EmailVerification, UsersRepository } from '@fxrates/db';
import { stackEm } from './given';

const HOUR_MS = 3_600_000;

/**
 * Marks an address verified, as opening its emailed link does (only verified addresses create
 * keys), for browser tests whose subject is not verification, in the database of this worker's stack.
 */
export async function markEmailVerified(user: { id: string; email: string }): Promise<void> {
  await new UsersRepository(stackEm()).verifyEmail(user.id, user.email);
}

/** Lets every verification link sent to the address expire, as a day's wait would. */
export async function expireVerificationLinks(email: string): Promise<void> {
  const now = Date.now();
  await stackEm().nativeUpdate(
    EmailVerification,
    { email, usedAt: null },
    { createdAt: new Date(now - 25 * HOUR_MS), expiresAt: new Date(now - HOUR_MS) },
  );
}
