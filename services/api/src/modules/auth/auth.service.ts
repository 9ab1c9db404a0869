import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Subscription, User } from '@fxrates/db';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  ErrorCode,
  type AuthResponse,
  type CurrentUser,
  type TwoFactorChallenge,
} from '@fxrates/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppException } from '../../common/errors';
import { AccessTokensService, unauthorized } from './access-tokens.service';
import type { LoginBody } from './dto/login.body';
import type { RegisterBody } from './dto/register.body';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordHashing } from './password-hashing.service';
import { assertAcceptablePassword } from './passwords';
import { RefreshTokensService, type IssuedRefreshToken } from './refresh-tokens.service';
import type { SessionDevice } from './session-device';
import { EmailVerificationService } from './email-verification.service';
import { SignupThrottleService } from './signup-throttle.service';
import { CHALLENGE_TTL_SECONDS, SignInChallenges } from './two-factor/sign-in-challenges';
import { TwoFactorService } from './two-factor/two-factor.service';
import { displayNameOf, toCurrentUser } from './users';

type SignedInUser = Pick<User, 'id' | 'email' | 'displayName' | 'emailVerifiedAt'>;

/** What a successful sign-in yields: the body for the client and the refresh token for the cookie. */
export interface SignIn {
  body: AuthResponse;
  refresh: IssuedRefreshToken;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly accessTokens: AccessTokensService,
    private readonly refreshTokens: RefreshTokensService,
    private readonly throttle: LoginThrottleService,
    private readonly signups: SignupThrottleService,
    private readonly passwords: PasswordHashing,
    private readonly verification: EmailVerificationService,
    private readonly twoFactor: TwoFactorService,
    private readonly challenges: SignInChallenges,
  ) {}

  /**
   * Creates the user and the default subscription view (Free, Monthly, Active, 0 USD) together, with
   * an unverified address and a verification link, emailed once the account is stored.
   * Sign-ups are counted per IP and network before the password is hashed (SignupThrottleService).
   */
  async register(
    input: RegisterBody,
    ip: string | undefined,
    device: SessionDevice,
    requestId?: string,
  ): Promise<SignIn> {
    if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) {
      throw new AppException(ErrorCode.PasswordsDoNotMatch, 'Passwords do not match');
    }
    assertAcceptablePassword(input.password);
    await this.signups.reserve(ip);
    const passwordHash = await this.passwords.hash(input.password).catch(async (error: unknown) => {
      await this.signups.release(ip);
      throw error;
    });
    const em = this.em.fork();
    const now = new Date();
    const user = em.create(User, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      company: input.company || null,
      displayName: displayNameOf(input.firstName, input.lastName),
      plan: 'free',
      chosenPlan: input.plan ?? null,
      createdAt: now,
    });
    em.create(Subscription, {
      user,
      plan: 'free',
      billingCycle: 'monthly',
      status: 'active',
      amountMinor: 0,
      currency: 'USD',
      startDate: now,
      createdAt: now,
    });
    const link = this.verification.newLink(em, user);
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new AppException(
          ErrorCode.EmailAlreadyInUse,
          'An account with this email already exists. Would you like to login instead?',
        );
      }
      throw error;
    }
    await this.verification.send(link, requestId);
    return this.signIn(user, device);
  }

  /**
   * Signs in, or refuses with the spec's texts. An unknown email takes the same steps as a known one
   * (throttle, lookup, one argon2 verification, failure count), so the time of the answer does not
   * tell whether an account exists; only the text does, as the spec wants.
   *
   * With two-factor on, the right password yields no tokens but a challenge for the code step
   * (POST /api/auth/login/two-factor, then `signInAs`).
   */
  async login(
    input: LoginBody,
    ip: string | undefined,
    device: SessionDevice,
  ): Promise<SignIn | TwoFactorChallenge> {
    const attempt = await this.throttle.begin(input.email, ip);
    if (attempt.delayMs > 0) await sleep(attempt.delayMs);
    const user = await this.em
      .fork()
      .findOne(
        User,
        { email: input.email },
        { fields: ['id', 'email', 'displayName', 'emailVerifiedAt', 'passwordHash'] },
      );
    const matches = await this.passwords
      .verify(user?.passwordHash, input.password)
      .catch(async (error: unknown) => {
        await attempt.abandoned();
        throw error;
      });
    if (!user || !matches) {
      await attempt.failed();
      throw user
        ? new AppException(ErrorCode.WrongPassword, 'Incorrect password')
        : new AppException(ErrorCode.UserNotFound, 'No account found with this email');
    }
    await attempt.succeeded();
    if (await this.twoFactor.isEnabled(user.id)) {
      const challenge = await this.challenges.issue(user.id);
      return { twoFactorRequired: true, challenge, expiresIn: CHALLENGE_TTL_SECONDS };
    }
    await this.em.fork().nativeUpdate(User, { id: user.id }, { lastSignInAt: new Date() });
    return this.signIn(user, device);
  }

  /** Completes a sign-in whose every factor was proved (the password, then a code). */
  async signInAs(userId: string, device: SessionDevice): Promise<SignIn> {
    const em = this.em.fork();
    const user = await em.findOne(
      User,
      { id: userId },
      { fields: ['id', 'email', 'displayName', 'emailVerifiedAt'] },
    );
    if (!user) throw unauthorized();
    await em.nativeUpdate(User, { id: user.id }, { lastSignInAt: new Date() });
    return this.signIn(user, device);
  }

  /** A new access token of the session `sessionId` for a signed-in user who has just proved it is them again. */
  async reauthenticated(userId: string, sessionId: string, authenticatedAt: Date): Promise<AuthResponse> {
    const user = await this.em
      .fork()
      .findOne(User, { id: userId }, { fields: ['id', 'email', 'displayName', 'emailVerifiedAt'] });
    if (!user) throw unauthorized();
    return this.bodyFor(user, sessionId, authenticatedAt);
  }

  async refresh(token: string | undefined, device: SessionDevice): Promise<SignIn> {
    const rotated = await this.refreshTokens.rotate(token, device);
    const user = await this.em
      .fork()
      .findOne(User, { id: rotated.userId }, { fields: ['id', 'email', 'displayName', 'emailVerifiedAt'] });
    if (!user) throw unauthorized();
    return { body: this.bodyFor(user, rotated.sessionId, rotated.authenticatedAt), refresh: rotated };
  }

  logout(token: string | undefined): Promise<void> {
    return this.refreshTokens.revoke(token);
  }

  async me(userId: string): Promise<CurrentUser> {
    const user = await this.em
      .fork()
      .findOne(User, { id: userId }, { fields: ['id', 'email', 'displayName', 'emailVerifiedAt'] });
    if (!user) throw unauthorized();
    return toCurrentUser(user);
  }

  private async signIn(user: SignedInUser, device: SessionDevice): Promise<SignIn> {
    const now = new Date();
    const refresh = await this.refreshTokens.issue(user.id, device, undefined, now);
    return { body: this.bodyFor(user, refresh.sessionId, now), refresh };
  }

  private bodyFor(user: SignedInUser, sessionId: string, authenticatedAt: Date): AuthResponse {
    return {
      user: toCurrentUser(user),
      accessToken: this.accessTokens.sign(user.id, sessionId, authenticatedAt),
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    };
  }
}
