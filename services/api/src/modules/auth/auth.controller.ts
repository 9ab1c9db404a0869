import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import {
  ErrorCode,
  type AuthResponse,
  type CurrentUser as CurrentUserView,
  type LoginResponse,
} from '@fxrates/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblems } from '../../common/openapi';
import { AuthService, type SignIn } from './auth.service';
import { CurrentUser } from './current-user.decorator';
import { AuthResponseDto, CurrentUserDto } from './dto/auth.response';
import { ChangePasswordBody } from './dto/change-password.body';
import { LoginBody } from './dto/login.body';
import { PasswordResetBody, PasswordResetConfirmBody } from './dto/password-reset.body';
import { VerifyEmailBody } from './dto/verify-email.body';
import { EmailVerificationService } from './email-verification.service';
import { RegisterBody } from './dto/register.body';
import { JwtAuthGuard } from './jwt-auth.guard';
import { PasswordChangeService } from './password-change.service';
import { PasswordResetService } from './password-reset.service';
import type { AuthenticatedUser } from './jwt.strategy';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { SameOriginGuard } from './same-origin.guard';
import { deviceOf } from './session-device';
import { SignInLog } from './sign-in-log';
import { LOGIN_RESPONSE_SCHEMA, TwoFactorChallengeDto } from './two-factor/dto/two-factor.dto';

@ApiTags('auth')
@ApiExtraModels(AuthResponseDto, TwoFactorChallengeDto)
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly verification: EmailVerificationService,
    private readonly passwordResets: PasswordResetService,
    private readonly passwordChanges: PasswordChangeService,
    private readonly signIns: SignInLog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('register')
  @HttpCode(201)
  @ApiOperation({
    operationId: 'register',
    summary: 'Create an account; signs in (access token in the body, refresh token in a cookie)',
    description: 'Throttled per IP. The account starts on the free plan whatever `plan` says.',
    security: [],
  })
  @ApiCreatedResponse({ type: AuthResponseDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.InvalidEmail,
    ErrorCode.WeakPassword,
    ErrorCode.PasswordTooLong,
    ErrorCode.PasswordsDoNotMatch,
    ErrorCode.EmailAlreadyInUse,
    ErrorCode.TooManyAttempts,
    ErrorCode.RateLimited,
    ErrorCode.ServiceUnavailable,
  )
  async register(
    @Body() body: RegisterBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    return this.respond(
      await this.auth.register(body, request.ip, await deviceOf(request), request.id),
      request,
      reply,
    );
  }

  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'login',
    summary: 'Sign in with email and password (throttled per account and per IP)',
    description:
      'Access token in the body, refresh token in an HttpOnly cookie scoped to /api/auth. With two-factor authentication on, the right password answers 200 `{ twoFactorRequired: true, challenge, expiresIn }` instead, with no token and no cookie: complete the sign-in with POST /api/auth/login/two-factor.',
    security: [],
  })
  @ApiOkResponse({ schema: LOGIN_RESPONSE_SCHEMA })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.InvalidEmail,
    ErrorCode.PasswordTooLong,
    ErrorCode.UserNotFound,
    ErrorCode.WrongPassword,
    ErrorCode.TooManyAttempts,
    ErrorCode.RateLimited,
    ErrorCode.ServiceUnavailable,
  )
  async login(
    @Body() body: LoginBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LoginResponse> {
    const outcome = await this.auth.login(body, request.ip, await deviceOf(request));
    if ('twoFactorRequired' in outcome) {
      void reply.header('Cache-Control', 'no-store');
      return outcome;
    }
    await this.signIns.signedIn(outcome.body.user, request);
    return this.respond(outcome, request, reply);
  }

  @Post('refresh')
  @HttpCode(200)
  @UseGuards(SameOriginGuard)
  @ApiCookieAuth('refresh')
  @ApiOperation({
    operationId: 'refreshSignIn',
    summary: 'Rotate the refresh cookie and get a new access token',
    description:
      'A refresh token used twice revokes its whole sign-in (`refresh-token-reused`). A browser page of another origin (Origin, Sec-Fetch-Site) is refused: 403 `origin-not-allowed`.',
  })
  @ApiOkResponse({ type: AuthResponseDto })
  @ApiProblems(
    ErrorCode.InvalidRefreshToken,
    ErrorCode.RefreshTokenReused,
    ErrorCode.Unauthorized,
    ErrorCode.OriginNotAllowed,
  )
  async refresh(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    try {
      return this.respond(
        await this.auth.refresh(readRefreshCookie(request), await deviceOf(request)),
        request,
        reply,
      );
    } catch (error) {
      clearRefreshCookie(this.config, request, reply);
      throw error;
    }
  }

  @Post('logout')
  @HttpCode(204)
  @UseGuards(SameOriginGuard)
  @ApiCookieAuth('refresh')
  @ApiSecurity({}) // the cookie is optional: without one there is nothing to revoke
  @ApiOperation({
    operationId: 'logout',
    summary: 'Sign out: revoke this sign-in everywhere it was refreshed and clear the cookie',
    description:
      'Succeeds without a cookie too: there is then nothing to revoke. A browser page of another origin (Origin, Sec-Fetch-Site) is refused: 403 `origin-not-allowed`.',
  })
  @ApiNoContentResponse({ description: 'Signed out' })
  @ApiProblems(ErrorCode.OriginNotAllowed)
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.auth.logout(readRefreshCookie(request));
    clearRefreshCookie(this.config, request, reply);
  }

  @Get('me')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth('bearer')
  @ApiOperation({
    operationId: 'getCurrentUser',
    summary: 'The signed-in user',
    description:
      'Who the access token belongs to: id, email, display name and whether the email is verified.',
  })
  @ApiOkResponse({ type: CurrentUserDto })
  @ApiProblems(ErrorCode.Unauthorized)
  me(@CurrentUser() user: AuthenticatedUser): Promise<CurrentUserView> {
    return this.auth.me(user.userId);
  }

  @Post('verify-email')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth('bearer')
  @ApiOperation({
    operationId: 'verifyEmail',
    summary: "Verify the signed-in user's email address with the token of the emailed link",
    description:
      'The link opens the dashboard page /dashboard/verify-email, which sends its token here (a POST, so a mail scanner fetching the link verifies nothing). A link is single use, valid for `EMAIL_VERIFICATION_TTL_HOURS` (24 h), and only for the account it was sent for.',
  })
  @ApiOkResponse({ type: CurrentUserDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.VerificationLinkInvalid,
    ErrorCode.VerificationLinkUsed,
    ErrorCode.EmailAlreadyVerified,
    ErrorCode.VerificationLinkExpired,
  )
  verifyEmail(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: VerifyEmailBody,
  ): Promise<CurrentUserView> {
    return this.verification.verify(user.userId, body.token);
  }

  @Post('verify-email/resend')
  @HttpCode(204)
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth('bearer')
  @ApiOperation({
    operationId: 'resendVerificationEmail',
    summary: 'Email the signed-in user a new verification link',
    description:
      'At most `VERIFICATION_RESEND_PER_HOUR` (3) an hour per user. Earlier links stay valid until they expire.',
  })
  @ApiNoContentResponse({ description: 'A new link is on its way' })
  @ApiProblems(ErrorCode.Unauthorized, ErrorCode.EmailAlreadyVerified, ErrorCode.TooManyAttempts)
  resendVerificationEmail(
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    return this.verification.resend(user.userId, request.id);
  }

  @Post('password-reset')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'requestPasswordReset',
    summary: 'Email a password-reset link to an address, if an account has it',
    description:
      'Answers 204 for every well-formed address, whether or not it has an account, in the same time (the worker looks the account up and mails the link). The link opens /reset-password, works once and for one hour. At most `PASSWORD_RESET_PER_HOUR` (3) an hour per address and `PASSWORD_RESET_IP_PER_HOUR` (20) per client address: then 429 `too-many-attempts`.',
    security: [],
  })
  @ApiNoContentResponse({ description: 'If the address has an account, a link is on its way' })
  @ApiProblems(ErrorCode.ValidationFailed, ErrorCode.InvalidEmail, ErrorCode.TooManyAttempts)
  requestPasswordReset(@Body() body: PasswordResetBody, @Req() request: FastifyRequest): Promise<void> {
    return this.passwordResets.request(body.email, request.ip, request.id);
  }

  @Post('password-reset/confirm')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'confirmPasswordReset',
    summary: 'Set a new password with the token of a password-reset link',
    description:
      'Single use; every other outstanding link of the account stops working and every sign-in of the account is revoked (sign in again with the new password). Opening the mailed link also verifies the address.',
    security: [],
  })
  @ApiNoContentResponse({ description: 'The password is changed' })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.WeakPassword,
    ErrorCode.PasswordTooLong,
    ErrorCode.PasswordsDoNotMatch,
    ErrorCode.ResetLinkInvalid,
    ErrorCode.ResetLinkUsed,
    ErrorCode.ResetLinkExpired,
    ErrorCode.ServiceUnavailable,
  )
  confirmPasswordReset(
    @Body() body: PasswordResetConfirmBody,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    return this.passwordResets.confirm(body, request.id);
  }

  @Post('password')
  @HttpCode(204)
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth('bearer')
  @ApiOperation({
    operationId: 'changePassword',
    summary: "Change the signed-in user's password (the current one required)",
    description:
      'The current password is checked as a sign-in is, under the same throttle (429 `too-many-attempts`). Every other sign-in of the account ends; the one whose refresh cookie comes with the request stays. Outstanding password-reset links stop working.',
  })
  @ApiNoContentResponse({ description: 'The password is changed' })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.WrongCurrentPassword,
    ErrorCode.WeakPassword,
    ErrorCode.PasswordTooLong,
    ErrorCode.PasswordsDoNotMatch,
    ErrorCode.TooManyAttempts,
    ErrorCode.ServiceUnavailable,
  )
  changePassword(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ChangePasswordBody,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    return this.passwordChanges.change(user.userId, body, request.ip, readRefreshCookie(request), request.id);
  }

  private respond(signIn: SignIn, request: FastifyRequest, reply: FastifyReply): AuthResponse {
    setRefreshCookie(this.config, request, reply, signIn.refresh.token, signIn.refresh.expiresAt);
    void reply.header('Cache-Control', 'no-store');
    return signIn.body;
  }
}
