import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { unauthorized } from './access-tokens.service';
import type { AuthenticatedUser } from './jwt.strategy';

/** Admits requests with a valid Bearer access token; anything else is a 401 problem. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T = AuthenticatedUser>(error: unknown, user: T | false, info: unknown): T {
    if (error || !user) {
      const expired = info instanceof Error && info.name === 'TokenExpiredError';
      throw unauthorized(expired ? 'Your sign-in has expired. Refresh it or sign in again.' : undefined);
    }
    return user;
  }
}
