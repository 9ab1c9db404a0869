import type { EntityManager } from '@mikro-orm/postgresql';

/** How often a session's "last used" is written on signed-in calls (its refreshes always write it). */
const LAST_USED_EVERY = "interval '5 minutes'";

/** The signed-in sessions (account_sessions), as the guard of every signed-in call reads them. */
export class AccountSessionsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The session when it is still signed in (not revoked, not expired, its account not deleted),
   * with whether its "last used" is due a write; undefined otherwise. One primary-key lookup.
   */
  async signedIn(sessionId: string, userId: string): Promise<{ lastUsedDue: boolean } | undefined> {
    const [session] = await this.em.getConnection().execute<{ due: boolean }[]>(
      // A deleted account's sessions end with it, whatever their rows say.
      `select s.last_used_at < now() - ${LAST_USED_EVERY} as due
         from account_sessions s join users u on u.id = s.user_id
        where s.id = ? and s.user_id = ? and s.revoked_at is null and s.expires_at > now()
          and u.deleted_at is null`,
      [sessionId, userId],
    );
    return session && { lastUsedDue: session.due };
  }

  /** Writes the session's "last used" unless another call wrote it within LAST_USED_EVERY. */
  async touch(sessionId: string): Promise<void> {
    await this.em
      .getConnection()
      .execute(
        `update account_sessions set last_used_at = now() where id = ? and last_used_at < now() - ${LAST_USED_EVERY}`,
        [sessionId],
      );
  }
}
