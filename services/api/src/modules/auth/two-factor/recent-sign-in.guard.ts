import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ErrorCode } from '@fxrates/domain';
import { AppException } from '../../../common/errors';
import { ApiProblems } from '../../../common/openapi';
import type { AuthenticatedUser } from '../jwt.strategy';

/**
 * Admits a sign-in that proved its password or second factor within `REAUTH_MAX_AGE_MINUTES` (the
 * access token's `auth_time`); else 403 `reauthentication-required`, which the web app answers with
 * "Confirm it's you" (POST /api/auth/reauthenticate) and a retry. GitHub's "sudo mode": a session
 * left open, or stolen, cannot create keys or change the plan without the password or a code.
 */
@Injectable()
export class RecentSignInGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const { user } = context.switchToHttp().getRequest<{ user: AuthenticatedUser }>();
    const ageMs = user.authTime === undefined ? Infinity : Date.now() - user.authTime * 1000;
    if (ageMs > this.config.auth.reauthMaxAgeMs) {
      throw new AppException(
        ErrorCode.ReauthenticationRequired,
        "Confirm it's you: enter your password (or a code from your authenticator app) to continue.",
      );
    }
    return true;
  }
}

/** For a route of a controller guarded by JwtAuthGuard; documents the 403. */
export function RequiresRecentSignIn(): MethodDecorator {
  return applyDecorators(
    UseGuards(RecentSignInGuard),
    ApiProblems(ErrorCode.ReauthenticationRequired),
  ) as MethodDecorator;
}
