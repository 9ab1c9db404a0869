import { AnonymousSession, RefreshToken, User } from '@fxrates/db';
import { randomBytes, randomUUID } from 'node:crypto';
import type { GivenDatabase } from './database';

/** A stored token hash of its own: no client holds the token, so no test signs in with it. */
const newTokenHash = () => randomBytes(32).toString('hex');

export interface GivenAnonymousSessionOptions {
  expiresAt: Date;
  /** Now unless given. */
  createdAt?: Date;
}

/** A landing-page converter session as the API stores it: known by its token hash only. */
export interface GivenAnonymousSession {
  id: string;
  tokenHash: string;
}

export async function givenAnonymousSession(
  db: GivenDatabase,
  options: GivenAnonymousSessionOptions,
): Promise<GivenAnonymousSession> {
  const em = db.em.fork();
  const row = em.create(AnonymousSession, {
    tokenHash: newTokenHash(),
    expiresAt: options.expiresAt,
    createdAt: options.createdAt ?? new Date(),
  });
  await em.flush();
  return { id: row.id, tokenHash: row.tokenHash };
}

export interface GivenRefreshTokenOptions {
  expiresAt: Date;
  /** A family (session) of its own unless given. */
  family?: string;
  rotatedAt?: Date | null;
  revokedAt?: Date | null;
  /** Now unless given. */
  createdAt?: Date;
}

export interface GivenRefreshToken {
  id: string;
  family: string;
  tokenHash: string;
}

/** A refresh token of `user`, stored by its hash as sign-in and rotation store them. */
export async function givenRefreshToken(
  db: GivenDatabase,
  user: { id: string },
  options: GivenRefreshTokenOptions,
): Promise<GivenRefreshToken> {
  const createdAt = options.createdAt ?? new Date();
  const em = db.em.fork();
  const row = em.create(RefreshToken, {
    user: em.getReference(User, user.id),
    family: options.family ?? randomUUID(),
    tokenHash: newTokenHash(),
    expiresAt: options.expiresAt,
    createdAt,
    authenticatedAt: createdAt,
    rotatedAt: options.rotatedAt ?? null,
    revokedAt: options.revokedAt ?? null,
  });
  await em.flush();
  return { id: row.id, family: row.family, tokenHash: row.tokenHash };
}

/**
 * Every sign-in of `user` last proved its password or second factor at `at`: their next refresh
 * carries that time, as a sign-in made that long ago would, without the test waiting for it.
 */
export async function givenSignInsAuthenticatedAt(
  db: GivenDatabase,
  user: { id: string },
  at: Date,
): Promise<void> {
  await db.em.fork().nativeUpdate(RefreshToken, { user: user.id }, { authenticatedAt: at });
}
