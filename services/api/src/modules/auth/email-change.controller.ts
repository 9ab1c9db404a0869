import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode, type EmailChangeStatus } from '@fxrates/domain';
import type { FastifyRequest } from 'fastify';
import { ApiProblems } from '../../common/openapi';
import { CurrentUser } from './current-user.decorator';
import { ChangeEmailBody, ConfirmEmailChangeBody, EmailChangeStatusDto } from './dto/change-email.body';
import { EmailChangeService } from './email-change.service';
import { JwtAuthGuard } from './jwt-auth.guard';
import type { AuthenticatedUser } from './jwt.strategy';

/** Changing the signed-in account's address: a link to the new one, a notice to the old. */
@ApiTags('account')
@ApiBearerAuth('bearer')
@UseGuards(JwtAuthGuard)
@Controller('account/email')
export class EmailChangeController {
  constructor(private readonly changes: EmailChangeService) {}

  @Get()
  @ApiOperation({
    operationId: 'getEmailChange',
    summary: "The signed-in account's address and the change waiting for its link, if any",
    description:
      'The address the account signs in with and, while a link mailed to a new address is unused and unexpired (one hour), that address and when the link stops working; a newer request replaces it.',
  })
  @ApiOkResponse({ type: EmailChangeStatusDto })
  @ApiProblems(ErrorCode.Unauthorized)
  status(@CurrentUser() user: AuthenticatedUser): Promise<EmailChangeStatus> {
    return this.changes.status(user.userId);
  }

  @Post()
  @HttpCode(202)
  @ApiOperation({
    operationId: 'changeEmail',
    summary: 'Ask to move the signed-in account to a new address (the current password required)',
    description:
      'The current password is checked as a sign-in is, under the same throttle (400 `wrong-current-password`, then 429 `too-many-attempts`). The new address gets a link to /confirm-email that works once and for one hour; until it is opened nothing changes, and a newer request replaces it. Answers 202 whether or not another account has the address (that address is mailed so instead of a link). At most `EMAIL_CHANGE_PER_HOUR` (3) an hour per user.',
  })
  @ApiAcceptedResponse({ type: EmailChangeStatusDto, description: 'A mail is on its way to the new address' })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.InvalidEmail,
    ErrorCode.Unauthorized,
    ErrorCode.EmailUnchanged,
    ErrorCode.WrongCurrentPassword,
    ErrorCode.TooManyAttempts,
    ErrorCode.ServiceUnavailable,
  )
  request(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ChangeEmailBody,
    @Req() request: FastifyRequest,
  ): Promise<EmailChangeStatus> {
    return this.changes.request(user.userId, body, request.ip, request.id);
  }

  @Post('confirm')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'confirmEmailChange',
    summary: 'Move the signed-in account to the new address with the token of the mailed link',
    description:
      'Only for the account the link was made for. The address changes and is verified; every other change waiting ends; every sign-in of the account ends at once, this one too: sign in again with the new address. The old address is told.',
  })
  @ApiOkResponse({ type: EmailChangeStatusDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.EmailChangeLinkInvalid,
    ErrorCode.EmailChangeLinkUsed,
    ErrorCode.EmailChangeLinkExpired,
    ErrorCode.EmailAlreadyInUse,
  )
  confirm(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ConfirmEmailChangeBody,
    @Req() request: FastifyRequest,
  ): Promise<EmailChangeStatus> {
    return this.changes.confirm(user.userId, body.token, request.id);
  }
}
