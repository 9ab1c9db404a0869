import type { EntityManager } from '@mikro-orm/postgresql';

/** What a new refresh token records: its session (family), the client and the times. */
export interface NewRefreshToken {
  tokenId: string;
  tokenHash: string;
  userId: string;
  /** The session the token belongs to (created here unless it exists). */
  family: string;
  now: Date;
  expiresAt: Date;
  authenticatedAt: Date;
  device: { browser: string; network: string | null; place: string | null };
}

/** A refresh token as a rotation claims it. */
export interface ClaimedRefreshToken {
  userId: string;
  family: string;
  authenticatedAt: Date;
}

/**
 * Revokes the refresh tokens of the families `families` selects (a query of `family` ids) and ends
 * their sessions, in one statement: the ended sessions' access tokens are refused from then on.
 * Returns the ended sessions' ids.
 */
const endSessions = (families: string) => `with families as (${families}),
  tokens as (update refresh_tokens set revoked_at = now()
              where revoked_at is null and family in (select family from families)),
  ended as (update account_sessions set revoked_at = now()
             where revoked_at is null and id in (select family from families) returning id)
  select id from ended`;

/**
 * Refresh tokens (by their hash) in families, one family per signed-in session (account_sessions).
 * Rotation is one conditional UPDATE, so two concurrent uses of the same token cannot both succeed.
 * Run inside a transaction by building it on the transaction's EntityManager.
 */
export class RefreshTokensRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Records a token of the session `family`, creating the session or updating its client and
   * expiry; false (nothing written) when the session was ended meanwhile or is another user's.
   */
  async issue(token: NewRefreshToken): Promise<boolean> {
    const { device, now } = token;
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
        token.family,
        token.userId,
        now,
        now,
        token.expiresAt,
        device.browser,
        device.network,
        device.place,
        token.tokenId,
        token.userId,
        token.tokenHash,
        token.expiresAt,
        token.authenticatedAt,
        now,
      ],
    );
    return issued.length === 1;
  }

  /** Marks the token rotated if it is still good (once: a concurrent claim gets undefined). */
  async claimForRotation(tokenHash: string): Promise<ClaimedRefreshToken | undefined> {
    const claimed = await this.em
      .getConnection()
      .execute<{ user_id: string; family: string; authenticated_at: Date | string }[]>(
        `update refresh_tokens set rotated_at = now()
        where token_hash = ? and rotated_at is null and revoked_at is null and expires_at > now()
        returning user_id, family, authenticated_at`,
        [tokenHash],
      );
    if (claimed.length !== 1) return undefined;
    const [{ user_id: userId, family, authenticated_at }] = claimed;
    return { userId, family, authenticatedAt: new Date(authenticated_at) };
  }

  /** A stored token's family and whether it has expired or been revoked; undefined when unknown. */
  async stateOf(
    tokenHash: string,
  ): Promise<{ family: string; expired: boolean; revoked: boolean } | undefined> {
    const [known] = await this.em
      .getConnection()
      .execute<{ family: string; expired: boolean; revoked: boolean }[]>(
        `select family, expires_at <= now() as expired, revoked_at is not null as revoked
         from refresh_tokens where token_hash = ?`,
        [tokenHash],
      );
    return known;
  }

  /** Revokes the family's tokens and ends its session. */
  async endFamily(family: string): Promise<void> {
    await this.em.getConnection().execute(endSessions('select ?::uuid as family'), [family]);
  }

  /** Ends the session the token belongs to, if it is a stored one. */
  async endFamilyOf(tokenHash: string): Promise<void> {
    await this.em
      .getConnection()
      .execute(endSessions('select family from refresh_tokens where token_hash = ?'), [tokenHash]);
  }

  /** The session's next refreshes carry `at` as their authentication time (another user's: nothing). */
  async markAuthenticated(sessionId: string, userId: string, at: Date): Promise<void> {
    await this.em
      .getConnection()
      .execute(`update refresh_tokens set authenticated_at = ? where user_id = ? and family = ?`, [
        at,
        userId,
        sessionId,
      ]);
  }

  /** Ends every session of the user but the one the token `keepHash` (of the user's) belongs to. */
  async endAllOf(userId: string, keepHash: string): Promise<void> {
    await this.em.execute(
      endSessions(`select family from refresh_tokens where user_id = ? and revoked_at is null
                     and family is distinct from (select family from refresh_tokens where token_hash = ? and user_id = ?)`),
      [userId, keepHash, userId],
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

  /** Ends every session of the user but `keepSessionId`. */
  async endOtherSessions(userId: string, keepSessionId: string): Promise<void> {
    await this.em.getConnection().execute(
      endSessions(`select id as family from account_sessions where user_id = ? and revoked_at is null and id <> ?
                   union select family from refresh_tokens where user_id = ? and revoked_at is null and family <> ?`),
      [userId, keepSessionId, userId, keepSessionId],
    );
  }
}
