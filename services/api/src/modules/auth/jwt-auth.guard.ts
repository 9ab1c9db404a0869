import { EntityManager } from '@mikro-orm/postgresql';
import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { unauthorized } from './access-tokens.service';
import type { AuthenticatedUser } from './jwt.strategy';

/** How often a session's "last used" is written on signed-in calls (its refreshes always write it). */
const LAST_USED_EVERY = "interval '5 minutes'";

/**
 * Admits requests with a valid Bearer access token of a session that is still signed in (and so of
 * an account that still exists: its sessions go with it); anything else is a 401 problem. The
 * dashboard's routes are not a hot path: one primary-key lookup per request keeps a token of a
 * session signed out, or of an account deleted, from being taken on any instance in the up to 15
 * minutes it has left. That lookup also tells when the session's "last used" is due a write.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly em: EntityManager) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!(await super.canActivate(context))) return false;
    const { user } = context.switchToHttp().getRequest<{ user: AuthenticatedUser }>();
    const connection = this.em.getConnection();
    const [session]: { due: boolean }[] = await connection.execute(
      // A deleted account's sessions end with it, whatever their rows say.
      `select s.last_used_at < now() - ${LAST_USED_EVERY} as due
         from account_sessions s join users u on u.id = s.user_id
        where s.id = ? and s.user_id = ? and s.revoked_at is null and s.expires_at > now()
          and u.deleted_at is null`,
      [user.sessionId, user.userId],
    );
    if (!session) throw unauthorized('This session has been signed out. Sign in again.');
    if (session.due) {
      await connection.execute(
        `update account_sessions set last_used_at = now() where id = ? and last_used_at < now() - ${LAST_USED_EVERY}`,
        [user.sessionId],
      );
    }
    return true;
  }

  override handleRequest<T = AuthenticatedUser>(error: unknown, user: T | false, info: unknown): T {
    if (error || !user) {
      const expired = info instanceof Error && info.name === 'TokenExpiredError';
      throw unauthorized(expired ? 'Your sign-in has expired. Refresh it or sign in again.' : undefined);
    }
    return user;
  }
}
