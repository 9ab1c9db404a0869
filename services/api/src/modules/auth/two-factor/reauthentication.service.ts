import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { User } from '@fxrates/db';
import {
  ErrorCode,
  type AuthResponse,
  type ReauthenticateRequest,
  type TwoFactorLoginRequest,
} from '@fxrates/domain';
import { AppException } from '../../../common/errors';
import { unauthorized } from '../access-tokens.service';
import { AuthService, type SignIn } from '../auth.service';
import { CurrentPasswordCheck } from '../current-password';
import type { AuthenticatedUser } from '../jwt.strategy';
import { RefreshTokensService } from '../refresh-tokens.service';
import type { SessionDevice } from '../session-device';
import { SignInChallenges } from './sign-in-challenges';
import { TwoFactorService } from './two-factor.service';

/**
 * The proofs that end in tokens, besides the password form: the code step of a two-factor sign-in,
 * and proving it is still you ("sudo mode") before key creation and plan changes.
 */
@Injectable()
export class ReauthenticationService {
  constructor(
    private readonly em: EntityManager,
    private readonly auth: AuthService,
    private readonly twoFactor: TwoFactorService,
    private readonly challenges: SignInChallenges,
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly refreshTokens: RefreshTokensService,
  ) {}

  /**
   * The second step of a sign-in with two-factor on: a live challenge and a code (or recovery code)
   * of its account. Wrong codes leave the challenge alive for another try, under the code throttle;
   * a right one ends it, so it completes one sign-in only.
   */
  async completeSignIn(
    request: TwoFactorLoginRequest,
    ip: string | undefined,
    device: SessionDevice,
  ): Promise<SignIn> {
    const userId = await this.challenges.userOf(request.challenge);
    await this.twoFactor.verifyForAction(userId, request, ip);
    await this.challenges.complete(request.challenge);
    return this.auth.signInAs(userId, device);
  }

  /**
   * Proves again that the signed-in user is at the keyboard: with two-factor on, a code (or a
   * recovery code) suffices and is required; otherwise the password. The caller's session carries
   * the new time into its later refreshes.
   */
  async reauthenticate(
    { userId, sessionId }: AuthenticatedUser,
    request: ReauthenticateRequest,
    ip: string | undefined,
  ): Promise<AuthResponse> {
    if (await this.twoFactor.isEnabled(userId)) {
      await this.twoFactor.verifyForAction(userId, request, ip);
    } else {
      if (!request.password) {
        throw new AppException(ErrorCode.ValidationFailed, 'Enter your password.');
      }
      const user = await this.em
        .fork()
        .findOne(User, { id: userId }, { fields: ['id', 'email', 'passwordHash'] });
      if (!user) throw unauthorized();
      await this.currentPassword.assert(user, request.password, ip);
    }
    const now = new Date();
    await this.refreshTokens.markAuthenticated(sessionId, userId, now);
    return this.auth.reauthenticated(userId, sessionId, now);
  }
}
