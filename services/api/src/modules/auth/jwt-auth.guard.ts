import { EntityManager } from '@mikro-orm/postgresql';
import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { unauthorized } from './access-tokens.service';
import type { AuthenticatedUser } from './jwt.strategy';

/**
 * Admits requests with a valid Bearer access token of an account that still exists; anything else
 * is a 401 problem. The dashboard's routes are not a hot path: one primary-key lookup per request
 * keeps a token that outlived its account (15 minutes at most) from signing anybody in.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly em: EntityManager) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!(await super.canActivate(context))) return false;
    const { user } = context.switchToHttp().getRequest<{ user: AuthenticatedUser }>();
    const [account] = await this.em
      .getConnection()
      .execute('select 1 from users where id = ? and deleted_at is null', [user.userId]);
    if (!account) throw unauthorized();
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
