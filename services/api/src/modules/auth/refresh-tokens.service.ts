import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
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
 * Revokes the refresh tokens of the families `families` selects (a query of `family` ids) and ends
 * their sessions, in one statement: the ended sessions' access tokens are refused from then on
 * (JwtAuthGuard). Returns the ended sessions' ids.
 */
const endSessions = (families: string) => `with families as (${families}),
  tokens as (update refresh_tokens set revoked_at = now()
              where revoked_at is null and family in (select family from families)),
  ended as (update account_sessions set revoked_at = now()
             where revoked_at is null and id in (select family from families) returning id)
  select id from ended`;

/**
 * Opaque refresh tokens in families, one family per signed-in session (AccountSession). Rotation is
 * one conditional UPDATE, so two concurrent uses of the same token cannot both succeed; presenting a
 * token that was already rotated or revoked revokes its whole family (a stolen copy was used) and is
 * refused.
 */
@Injectable()
export class RefreshTokensService {
  constructor(private readonly em: EntityManager) {}

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
    const issued: unknown[] = await this.em.getConnection().execute(
      `with session as (
         insert into account_sessions (id, user_id, created_at, last_used_at, expires_at, browser, network, place)
         values (?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (id) do update
           set last_used_at = excluded.last_used_at, expires_at = excluded.expires_at,
               browser = excluded.browser, network = excluded.network, place = excluded.place
           where account_sessions.revoked_at is null and account_sessions.user_id = excluded.user_id
         returning id)
       insert into refresh_tokens (id, user_id, family, token_hash, expires_at, authenticated_at, created_at)
       select ?, ?, id, ?, ?, ?, ? from session returning id`,
      [
        family,
        userId,
        now,
        now,
        expiresAt,
        device.browser,
        device.network,
        device.place,
        randomUUID(),
        userId,
        hashToken(token),
        expiresAt,
        authenticatedAt,
        now,
      ],
    );
    if (issued.length !== 1) throw invalid();
    return { token, expiresAt, sessionId: family };
  }

  async rotate(token: string | undefined, device: SessionDevice): Promise<RotatedRefreshToken> {
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
      return {
        userId,
        authenticatedAt,
        ...(await this.issue(userId, device, family, new Date(), authenticatedAt)),
      };
    }
    const [known]: { family: string; expired: boolean; revoked: boolean }[] = await connection.execute(
      `select family, expires_at <= now() as expired, revoked_at is not null as revoked
         from refresh_tokens where token_hash = ?`,
      [hash],
    );
    if (known && !known.expired && !known.revoked) {
      await connection.execute(endSessions('select ?::uuid as family'), [known.family]);
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
    await this.em
      .getConnection()
      .execute(`update refresh_tokens set authenticated_at = ? where user_id = ? and family = ?`, [
        at,
        userId,
        sessionId,
      ]);
  }

  /** Ends the session of a token, if it is one of ours (logout). */
  async revoke(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.em
      .getConnection()
      .execute(endSessions('select family from refresh_tokens where token_hash = ?'), [hashToken(token)]);
  }

  /**
   * Ends every session of the user, in `tx` (a password change or reset), but the one `keep` (a
   * refresh token of the user, the caller's own) belongs to.
   */
  async revokeAllOf(tx: EntityManager, userId: string, keep?: string): Promise<void> {
    await tx.getConnection().execute(
      endSessions(`select family from refresh_tokens where user_id = ? and revoked_at is null
                     and family is distinct from (select family from refresh_tokens where token_hash = ? and user_id = ?)`),
      [userId, keep === undefined ? '' : hashToken(keep), userId],
      'all',
      tx.getTransactionContext(),
    );
  }

  /** Ends one active session of the user; false when the user has no active session `sessionId`. */
  async endSession(userId: string, sessionId: string): Promise<boolean> {
    const ended: unknown[] = await this.em.getConnection().execute(
      endSessions(`select id as family from account_sessions
                    where id = ? and user_id = ? and revoked_at is null and expires_at > now()`),
      [sessionId, userId],
    );
    return ended.length === 1;
  }

  /** Ends every session of the user but `keepSessionId` (the caller's). */
  async endOtherSessions(userId: string, keepSessionId: string): Promise<void> {
    await this.em.getConnection().execute(
      endSessions(`select id as family from account_sessions where user_id = ? and revoked_at is null and id <> ?
                   union select family from refresh_tokens where user_id = ? and revoked_at is null and family <> ?`),
      [userId, keepSessionId, userId, keepSessionId],
    );
  }
}
