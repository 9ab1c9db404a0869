import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  ErrorCode,
  type TwoFactorEnrolment,
  type TwoFactorRecoveryCodes,
  type TwoFactorStatus,
} from '@fxrates/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblems } from '../../../common/openapi';
import { CurrentUser } from '../current-user.decorator';
import { JwtAuthGuard } from '../jwt-auth.guard';
import type { AuthenticatedUser } from '../jwt.strategy';
import {
  TwoFactorConfirmBody,
  TwoFactorDisableBody,
  TwoFactorEnrolmentDto,
  TwoFactorProofBody,
  TwoFactorRecoveryCodesDto,
  TwoFactorStatusDto,
} from './dto/two-factor.dto';
import { TwoFactorService } from './two-factor.service';

/** Two-factor authentication of the signed-in account: set up, recovery codes, off. */
@ApiTags('account')
@ApiBearerAuth('bearer')
@UseGuards(JwtAuthGuard)
@Controller('account/two-factor')
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Get()
  @ApiOperation({
    operationId: 'getTwoFactor',
    summary: 'Whether two-factor authentication is on, since when, and how many recovery codes are left',
    description:
      'An enrolment started but not confirmed counts as off: sign-in takes the password alone until a code confirms it.',
  })
  @ApiOkResponse({ type: TwoFactorStatusDto })
  @ApiProblems(ErrorCode.Unauthorized)
  status(@CurrentUser() user: AuthenticatedUser): Promise<TwoFactorStatus> {
    return this.twoFactor.status(user.userId);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    operationId: 'startTwoFactor',
    summary: 'Start setting up an authenticator app: a new secret, its otpauth URI and QR code',
    description:
      'Nothing changes at sign-in until the first code confirms it (POST /api/account/two-factor/confirm); a newer start replaces the secret of an unconfirmed one. 409 `two-factor-already-enabled` while it is on.',
  })
  @ApiCreatedResponse({ type: TwoFactorEnrolmentDto })
  @ApiProblems(ErrorCode.Unauthorized, ErrorCode.TwoFactorAlreadyEnabled)
  start(
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TwoFactorEnrolment> {
    // The answer carries the secret: no cache on the way may keep it.
    void reply.header('Cache-Control', 'no-store');
    return this.twoFactor.start(user.userId);
  }

  @Post('confirm')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'confirmTwoFactor',
    summary: 'Turn two-factor on with the first code of the app; answers ten recovery codes, this once',
    description:
      'Codes are checked under the same throttle as passwords (429 `too-many-attempts`). Only hashes of the recovery codes are kept: they cannot be shown again.',
  })
  @ApiOkResponse({ type: TwoFactorRecoveryCodesDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.WrongTwoFactorCode,
    ErrorCode.TwoFactorNotStarted,
    ErrorCode.TwoFactorAlreadyEnabled,
    ErrorCode.TooManyAttempts,
  )
  confirm(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: TwoFactorConfirmBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TwoFactorRecoveryCodes> {
    void reply.header('Cache-Control', 'no-store');
    return this.twoFactor.confirm(user.userId, body.code, request.ip);
  }

  @Post('recovery-codes')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'regenerateTwoFactorRecoveryCodes',
    summary: 'Replace the recovery codes (a code or a recovery code required); the old ones stop working',
    description:
      'Answers ten new single-use codes, shown this once. The code is checked under the same throttle as passwords (429 `too-many-attempts`).',
  })
  @ApiOkResponse({ type: TwoFactorRecoveryCodesDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.WrongTwoFactorCode,
    ErrorCode.TwoFactorNotEnabled,
    ErrorCode.TooManyAttempts,
  )
  regenerate(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: TwoFactorProofBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TwoFactorRecoveryCodes> {
    void reply.header('Cache-Control', 'no-store');
    return this.twoFactor.regenerateRecoveryCodes(user.userId, body, request.ip);
  }

  @Post('disable')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'disableTwoFactor',
    summary: 'Turn two-factor off: the password and a code (or a recovery code) required',
    description:
      'The password is checked as a sign-in is (400 `wrong-current-password`), the code under the code throttle (400 `wrong-two-factor-code`); either past its limit: 429 `too-many-attempts`.',
  })
  @ApiNoContentResponse({ description: 'Two-factor authentication is off' })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.WrongCurrentPassword,
    ErrorCode.WrongTwoFactorCode,
    ErrorCode.TwoFactorNotEnabled,
    ErrorCode.TooManyAttempts,
  )
  disable(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: TwoFactorDisableBody,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    return this.twoFactor.disable(user.userId, body, request.ip);
  }
}
