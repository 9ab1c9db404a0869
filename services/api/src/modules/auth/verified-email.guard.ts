import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import { ErrorCode } from '@fxrates/domain';
import { ApiProblems } from '../../common/openapi';
import { EmailVerificationService } from './email-verification.service';
import type { AuthenticatedUser } from './jwt.strategy';

/** Admits a signed-in user whose email address is verified; else 403 `email-not-verified`. */
@Injectable()
export class VerifiedEmailGuard implements CanActivate {
  constructor(private readonly verification: EmailVerificationService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { user } = context.switchToHttp().getRequest<{ user: AuthenticatedUser }>();
    await this.verification.assertVerified(user.userId);
    return true;
  }
}

/**
 * For routes only a proved address may use (creating API keys), on a controller guarded
 * by JwtAuthGuard (its class-level guard runs before this method-level one); documents the 403.
 */
export function RequiresVerifiedEmail(): MethodDecorator {
  return applyDecorators(
    UseGuards(VerifiedEmailGuard),
    ApiProblems(ErrorCode.EmailNotVerified),
  ) as MethodDecorator;
}
