import { Body, Controller, Delete, Get, HttpCode, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorCode, type AccountExport } from '@fxrates/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblems } from '../../common/openapi';
import { CurrentUser, JwtAuthGuard, SameOriginGuard, type AuthenticatedUser } from '../auth';
import { AccountDeletionService } from './account-deletion.service';
import { ACCOUNT_EXPORTS_PER_HOUR, AccountExportService } from './account-export.service';
import { AccountExportDto } from './dto/account-export.response';
import { DeleteAccountBody } from './dto/delete-account.body';

/** "Leave and take your data": the account's data as a file, and deleting the account. */
@ApiTags('account')
@ApiBearerAuth('bearer')
@UseGuards(JwtAuthGuard)
@Controller('account')
export class AccountDataController {
  constructor(
    private readonly exports: AccountExportService,
    private readonly deletion: AccountDeletionService,
  ) {}

  @Get('export')
  @ApiOperation({
    operationId: 'exportAccountData',
    summary: 'Everything we hold about the signed-in account, as a JSON file',
    description: `Profile, subscriptions, API key metadata (name, prefix, last 4, created, last used, status: never a key nor its hash), daily usage, payments, contact messages sent from the account's verified address, quota alerts and their settings, email changes, verification and reset requests, sign-in sessions and the audit log. Never a password, key or token, nor a hash of one. A download (Content-Disposition: attachment), never cached; at most ${ACCOUNT_EXPORTS_PER_HOUR} an hour per user (then 429).`,
  })
  @ApiProduces('application/json')
  @ApiOkResponse({ type: AccountExportDto })
  @ApiProblems(ErrorCode.Unauthorized, ErrorCode.RateLimited)
  async export(
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AccountExport> {
    const data = await this.exports.export(user.userId);
    void reply
      .header(
        'content-disposition',
        `attachment; filename="fxrates-export-${data.exportedAt.slice(0, 10)}.json"`,
      )
      .header('cache-control', 'no-store');
    return data;
  }

  @Delete()
  @HttpCode(204)
  @UseGuards(SameOriginGuard)
  @ApiOperation({
    operationId: 'deleteAccount',
    summary: 'Delete the signed-in account (the password, and the second factor when on, required)',
    description:
      'The password is checked as a sign-in is, under the same throttle (400 `wrong-current-password`, then 429 `too-many-attempts`); with two-factor sign-in on, `code` is required (400 `second-factor-required`, `wrong-two-factor-code`; a recovery code works too). Then the PayPal subscription is cancelled (PayPal unreachable: 502 `payment-provider-unavailable`, nothing deleted; try again), every API key is disabled on every instance at once, every sign-in ends, and the profile, sessions, contact messages, usage, alerts and pending links are erased. Payments and subscriptions are kept for accounting without personal data. The address it had gets a confirmation and can sign up again. Deleting twice is safe: the second is 401 or 204 and does nothing.',
  })
  @ApiNoContentResponse({ description: 'The account is deleted; its tokens and keys no longer work' })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.WrongCurrentPassword,
    ErrorCode.SecondFactorRequired,
    ErrorCode.WrongTwoFactorCode,
    ErrorCode.TooManyAttempts,
    ErrorCode.OriginNotAllowed,
    ErrorCode.PaymentProviderUnavailable,
  )
  async delete(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: DeleteAccountBody,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.deletion.delete(user.userId, body, request.ip, request.id);
  }
}
