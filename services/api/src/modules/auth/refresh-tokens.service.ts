import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { RefreshToken, User } from '@fxrates/db';
import { ErrorCode } from '@fxrates/domain';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AppException } from '../../common/app-exception';

/** How long a refresh token is good for; each use rotates it and starts a new period. */
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
}

export interface RotatedRefreshToken extends IssuedRefreshToken {
  userId: string;
  /** When the sign-in last proved its password or second factor: the new access token's `auth_time`. */
  authenticatedAt: Date;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const invalid = () =>
  new AppException(ErrorCode.InvalidRefreshToken, 'Your session has ended. Sign in again.');

/**
 * Opaque refresh tokens in families. Rotation is one conditional UPDATE, so two concurrent uses of
 * the same token cannot both succeed; presenting a token that was already rotated or revoked
 * revokes its whole family (a stolen copy was used) and is refused.
 */
@Injectable()
export class RefreshTokensService {
  constructor(private readonly em: EntityManager) {}

  async issue(
    userId: string,
    family: string = randomUUID(),
    now = new Date(),
    authenticatedAt = now,
  ): Promise<IssuedRefreshToken> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
    const em = this.em.fork();
    em.create(RefreshToken, {
      user: em.getReference(User, userId),
      family,
      tokenHash: hashToken(token),
      expiresAt,
      authenticatedAt,
      createdAt: now,
    });
    await em.flush();
    return { token, expiresAt };
  }

  async rotate(token: string | undefined): Promise<RotatedRefreshToken> {
    if (!token) throw invalid();
    const hash = hashToken(token);
    const connection = this.em.getConnection();
    const claimed: { user_id: string; family: string; authenticated_at: Date | string }[] =
      await connection.execute(
        `update refresh_tokens set rotated_at = now()
        where token_hash = ? and rotated_at is null and revoked_at is null and expires_at > now()
        returning user_id, family, authenticated_at`,
        [hash],
      );
    if (claimed.length === 1) {
      const { user_id: userId, family } = claimed[0];
      const authenticatedAt = new Date(claimed[0].authenticated_at);
      return { userId, authenticatedAt, ...(await this.issue(userId, family, new Date(), authenticatedAt)) };
    }
    const [known]: { family: string; expired: boolean; revoked: boolean }[] = await connection.execute(
      `select family, expires_at <= now() as expired, revoked_at is not null as revoked
         from refresh_tokens where token_hash = ?`,
      [hash],
    );
    if (known && !known.expired && !known.revoked) {
      await this.revokeFamily(known.family);
      throw new AppException(
        ErrorCode.RefreshTokenReused,
        'This session was used from somewhere else and has been signed out everywhere. Sign in again.',
      );
    }
    throw invalid();
  }

  /**
   * The sign-in of `token` (the user's own) proved its password or second factor again: its next
   * refreshes carry the new time. A missing or foreign token changes nothing.
   */
  async markAuthenticated(token: string | undefined, userId: string, at: Date): Promise<void> {
    if (!token) return;
    await this.em.getConnection().execute(
      `update refresh_tokens set authenticated_at = ?
        where user_id = ? and family = (select family from refresh_tokens where token_hash = ? and user_id = ?)`,
      [at, userId, hashToken(token), userId],
    );
  }

  /** Revokes the family of a token, if it is one of ours (logout). */
  async revoke(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.em.getConnection().execute(
      `update refresh_tokens set revoked_at = now()
          where revoked_at is null and family = (select family from refresh_tokens where token_hash = ?)`,
      [hashToken(token)],
    );
  }

  /**
   * Ends every sign-in of the user, in `tx` (a password change or reset), but the one `keep` (a refresh
   * token of the user, the caller's own) belongs to.
   */
  async revokeAllOf(tx: EntityManager, userId: string, keep?: string): Promise<void> {
    await tx.getConnection().execute(
      `update refresh_tokens set revoked_at = now()
        where user_id = ? and revoked_at is null
          and family is distinct from (select family from refresh_tokens where token_hash = ? and user_id = ?)`,
      [userId, keep === undefined ? '' : hashToken(keep), userId],
      'run',
      tx.getTransactionContext(),
    );
  }

  private async revokeFamily(family: string): Promise<void> {
    await this.em
      .getConnection()
      .execute(`update refresh_tokens set revoked_at = now() where family = ? and revoked_at is null`, [
        family,
      ]);
  }
}
