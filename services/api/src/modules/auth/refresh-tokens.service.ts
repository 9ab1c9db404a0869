import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { RefreshTokensRepository } from '@fxrates/db';
import { ErrorCode } from '@fxrates/domain';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AppException } from '../../common/errors';
import type { SessionDevice } from './session-device';

/** How long a refresh token is good for; each use rotates it and starts a new period. */
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
  /** The session (refresh-token family) the token belongs to: the `sid` of its access tokens. */
  sessionId: string;
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
 * Opaque refresh tokens in families, one family per signed-in session (AccountSession). Rotation is
 * one conditional UPDATE, so two concurrent uses of the same token cannot both succeed; presenting a
 * token that was already rotated or revoked revokes its whole family (a stolen copy was used) and is
 * refused.
 */
@Injectable()
export class RefreshTokensService {
  private readonly tokens: RefreshTokensRepository;

  constructor(em: EntityManager) {
    this.tokens = new RefreshTokensRepository(em);
  }

  /**
   * A new refresh token of the session `family` (a new session unless given), which records the
   * client it was used from. None is issued for a session ended meanwhile (signed out while this
   * refresh was under way): its family would otherwise live on. `authenticatedAt`: when the sign-in
   * last proved its password or second factor (a refresh carries its session's on).
   */
  async issue(
    userId: string,
    device: SessionDevice,
    family: string = randomUUID(),
    now = new Date(),
    authenticatedAt = now,
  ): Promise<IssuedRefreshToken> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
    const issued = await this.tokens.issue({
      tokenId: randomUUID(),
      tokenHash: hashToken(token),
      userId,
      family,
      now,
      expiresAt,
      authenticatedAt,
      device,
    });
    if (!issued) throw invalid();
    return { token, expiresAt, sessionId: family };
  }

  async rotate(token: string | undefined, device: SessionDevice): Promise<RotatedRefreshToken> {
    if (!token) throw invalid();
    const hash = hashToken(token);
    const claimed = await this.tokens.claimForRotation(hash);
    if (claimed) {
      const { userId, family, authenticatedAt } = claimed;
      return {
        userId,
        authenticatedAt,
        ...(await this.issue(userId, device, family, new Date(), authenticatedAt)),
      };
    }
    const known = await this.tokens.stateOf(hash);
    if (known && !known.expired && !known.revoked) {
      await this.tokens.endFamily(known.family);
      throw new AppException(
        ErrorCode.RefreshTokenReused,
        'This session was used from somewhere else and has been signed out everywhere. Sign in again.',
      );
    }
    throw invalid();
  }

  /**
   * The session `sessionId` of `userId` proved its password or second factor again: its next
   * refreshes carry the new time. Another user's session changes nothing.
   */
  async markAuthenticated(sessionId: string, userId: string, at: Date): Promise<void> {
    await this.tokens.markAuthenticated(sessionId, userId, at);
  }

  /** Ends the session of a token, if it is one of ours (logout). */
  async revoke(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.tokens.endFamilyOf(hashToken(token));
  }

  /**
   * Ends every session of the user, in `tx` (a password change or reset), but the one `keep` (a
   * refresh token of the user, the caller's own) belongs to.
   */
  async revokeAllOf(tx: EntityManager, userId: string, keep?: string): Promise<void> {
    await new RefreshTokensRepository(tx).endAllOf(userId, keep === undefined ? '' : hashToken(keep));
  }

  /** Ends one active session of the user; false when the user has no active session `sessionId`. */
  async endSession(userId: string, sessionId: string): Promise<boolean> {
    return this.tokens.endSession(userId, sessionId);
  }

  /** Ends every session of the user but `keepSessionId` (the caller's). */
  async endOtherSessions(userId: string, keepSessionId: string): Promise<void> {
    await this.tokens.endOtherSessions(userId, keepSessionId);
  }
}
