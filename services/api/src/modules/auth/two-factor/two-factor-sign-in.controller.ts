import { Body, Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ErrorCode, type AuthResponse } from '@fxrates/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblems } from '../../../common/openapi';
import { CurrentUser } from '../current-user.decorator';
import { AuthResponseDto } from '../dto/auth.response';
import { JwtAuthGuard } from '../jwt-auth.guard';
import type { AuthenticatedUser } from '../jwt.strategy';
import { setRefreshCookie } from '../refresh-cookie';
import { SameOriginGuard } from '../same-origin.guard';
import { deviceOf } from '../session-device';
import { SignInLog } from '../sign-in-log';
import { ReauthenticateBody, TwoFactorLoginBody } from './dto/two-factor.dto';
import { ReauthenticationService } from './reauthentication.service';

/** The code step of a two-factor sign-in, and proving it is still you. */
@ApiTags('auth')
@Controller('auth')
export class TwoFactorSignInController {
  constructor(
    private readonly reauthentication: ReauthenticationService,
    private readonly signIns: SignInLog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('login/two-factor')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'completeTwoFactorLogin',
    summary: 'Complete a sign-in with two-factor on: the challenge of POST /api/auth/login and a code',
    description:
      'Send `code` (six digits of the authenticator app) or `recoveryCode`. The same answer and refresh cookie as POST /api/auth/login. A code works once (its 30-second step is spent), a recovery code once; wrong codes are throttled as passwords are (429 `too-many-attempts`). The challenge lasts 5 minutes and completes one sign-in: then 401 `two-factor-challenge-invalid`.',
    security: [],
  })
  @ApiOkResponse({ type: AuthResponseDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.TwoFactorChallengeInvalid,
    ErrorCode.WrongTwoFactorCode,
    ErrorCode.TwoFactorNotEnabled,
    ErrorCode.TooManyAttempts,
  )
  async complete(
    @Body() body: TwoFactorLoginBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    const signIn = await this.reauthentication.completeSignIn(body, request.ip, await deviceOf(request));
    await this.signIns.signedIn(signIn.body.user, request);
    setRefreshCookie(this.config, request, reply, signIn.refresh.token, signIn.refresh.expiresAt);
    void reply.header('Cache-Control', 'no-store');
    return signIn.body;
  }

  @Post('reauthenticate')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard, SameOriginGuard)
  @ApiBearerAuth('bearer')
  @ApiOperation({
    operationId: 'reauthenticate',
    summary: "Confirm it's you: a new access token whose sign-in is fresh",
    description:
      'Creating API keys and changing the plan answer 403 `reauthentication-required` when the sign-in last proved its password or second factor more than `REAUTH_MAX_AGE_MINUTES` (120) ago. With two-factor on, send `code` (or `recoveryCode`); otherwise `password`. Throttled as sign-ins are. The sign-in of the refresh cookie sent along stays fresh through its refreshes.',
  })
  @ApiOkResponse({ type: AuthResponseDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.WrongCurrentPassword,
    ErrorCode.WrongTwoFactorCode,
    ErrorCode.TooManyAttempts,
    ErrorCode.OriginNotAllowed,
  )
  async reauthenticate(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ReauthenticateBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    void reply.header('Cache-Control', 'no-store');
    return this.reauthentication.reauthenticate(user, body, request.ip);
  }
}
