import { EntityManager } from '@mikro-orm/postgresql';
import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { AccountSessionsRepository } from '@fxrates/db';
import { unauthorized } from './access-tokens.service';
import type { AuthenticatedUser } from './jwt.strategy';

/**
 * Admits requests with a valid Bearer access token of a session that is still signed in (and so of
 * an account that still exists: its sessions go with it); anything else is a 401 problem. The
 * dashboard's routes are not a hot path: one primary-key lookup per request keeps a token of a
 * session signed out, or of an account deleted, from being taken on any instance in the up to 15
 * minutes it has left. That lookup also tells when the session's "last used" is due a write.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  private readonly sessions: AccountSessionsRepository;

  constructor(em: EntityManager) {
    super();
    this.sessions = new AccountSessionsRepository(em);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!(await super.canActivate(context))) return false;
    const { user } = context.switchToHttp().getRequest<{ user: AuthenticatedUser }>();
    const session = await this.sessions.signedIn(user.sessionId, user.userId);
    if (!session) throw unauthorized('This session has been signed out. Sign in again.');
    if (session.lastUsedDue) await this.sessions.touch(user.sessionId);
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
