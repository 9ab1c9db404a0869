import { EmailVerification } from '@fxrates/db';
import { stackEm } from './given';

const HOUR_MS = 3_600_000;

/** Lets every verification link sent to the address expire, as a day's wait would. */
export async function expireVerificationLinks(email: string): Promise<void> {
  const now = Date.now();
  await stackEm().nativeUpdate(
    EmailVerification,
    { email, usedAt: null },
    { createdAt: new Date(now - 25 * HOUR_MS), expiresAt: new Date(now - HOUR_MS) },
  );
}
