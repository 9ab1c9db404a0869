import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@fxrates/queues';
import { PassportModule } from '@nestjs/passport';
import { AccessTokensService } from './access-tokens.service';
import { AccountSessionsController } from './account-sessions.controller';
import { AccountSessionsService } from './account-sessions.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { CurrentPasswordCheck } from './current-password';
import { EmailChangeController } from './email-change.controller';
import { EmailChangeService } from './email-change.service';
import { EmailVerificationService } from './email-verification.service';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JwtStrategy } from './jwt.strategy';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordHashing } from './password-hashing.service';
import { PasswordChangeService } from './password-change.service';
import { PasswordResetService } from './password-reset.service';
import { PasswordStore } from './password-store';
import { RefreshTokensService } from './refresh-tokens.service';
import { SessionsController } from './sessions.controller';
import { SessionsService } from './sessions.service';
import { SignupThrottleService } from './signup-throttle.service';
import { VerifiedEmailGuard } from './verified-email.guard';
import { RecentSignInGuard, TwoFactorService } from './two-factor';
import { TWO_FACTOR_CONTROLLERS, TWO_FACTOR_PROVIDERS } from './two-factor/two-factor.providers';

@Module({
  imports: [PassportModule, BullModule.registerQueue({ name: QUEUES.email })],
  controllers: [
    SessionsController,
    AuthController,
    EmailChangeController,
    AccountSessionsController,
    ...TWO_FACTOR_CONTROLLERS,
  ],
  providers: [
    SessionsService,
    AccessTokensService,
    RefreshTokensService,
    LoginThrottleService,
    SignupThrottleService,
    PasswordHashing,
    AuthService,
    JwtStrategy,
    JwtAuthGuard,
    EmailVerificationService,
    PasswordResetService,
    PasswordChangeService,
    CurrentPasswordCheck,
    EmailChangeService,
    PasswordStore,
    VerifiedEmailGuard,
    AccountSessionsService,
    ...TWO_FACTOR_PROVIDERS,
  ],
  // Deleting the account (account module) checks the password as a sign-in does.
  exports: [
    SessionsService,
    AccessTokensService,
    JwtAuthGuard,
    EmailVerificationService,
    VerifiedEmailGuard,
    CurrentPasswordCheck,
    PasswordHashing,
    TwoFactorService,
    RecentSignInGuard,
  ],
})
export class AuthModule {}
