import { Body, Controller, Get, Param, Patch, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type {
  AccountPaymentPage,
  AccountResponse,
  NotificationSettings,
  PaymentReceipt,
} from '@fxrates/domain';
import { ErrorCode, PAYMENTS_PAGE_DEFAULT_LIMIT, PAYMENTS_PAGE_MAX_LIMIT } from '@fxrates/domain';
import { ApiProblems } from '../../common/openapi';
import { CurrentUser } from '../auth';
import { JwtAuthGuard } from '../auth';
import type { AuthenticatedUser } from '../auth';
import { AccountService } from './account.service';
import { AccountResponseDto } from './dto/account.response';
import { ListPaymentsQuery } from './dto/list-payments.query';
import { AccountPaymentPageDto, PaymentReceiptDto } from './dto/payment.response';
import { NotificationSettingsDto, UpdateNotificationSettingsBody } from './dto/notification-settings.dto';
import { UpdateAccountBody } from './dto/update-account.body';
import { PaymentsService } from './payments.service';

@ApiTags('account')
@ApiBearerAuth('bearer')
@UseGuards(JwtAuthGuard)
@Controller('account')
export class AccountController {
  constructor(
    private readonly accounts: AccountService,
    private readonly payments: PaymentsService,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'getAccount',
    summary: 'Profile and subscription of the signed-in user',
    description: 'Names, company, plan and the subscription that grants it (defaults when on the free plan).',
  })
  @ApiOkResponse({ type: AccountResponseDto })
  @ApiProblems(ErrorCode.Unauthorized)
  get(@CurrentUser() user: AuthenticatedUser): Promise<AccountResponse> {
    return this.accounts.get(user.userId);
  }

  @Patch()
  @ApiOperation({
    operationId: 'updateAccount',
    summary: 'Change first name, last name or company (nothing else)',
    description: 'Only the fields sent change; any other field (plan, email…) is 400 `validation-failed`.',
  })
  @ApiOkResponse({ type: AccountResponseDto })
  @ApiProblems(ErrorCode.ValidationFailed, ErrorCode.Unauthorized)
  update(@CurrentUser() user: AuthenticatedUser, @Body() body: UpdateAccountBody): Promise<AccountResponse> {
    return this.accounts.update(user.userId, body);
  }

  @Get('payments')
  @ApiOperation({
    operationId: 'listAccountPayments',
    summary: 'Payments PayPal took from the signed-in user, newest first',
    description: `Each with the date paid, plan, billing cycle and the time it paid for, the amount PayPal captured, and PayPal's transaction id. Paged: ${PAYMENTS_PAGE_DEFAULT_LIMIT} per page unless \`limit\` (at most ${PAYMENTS_PAGE_MAX_LIMIT}) says otherwise; pass \`next\` back as \`cursor\` for the next page.`,
  })
  @ApiOkResponse({ type: AccountPaymentPageDto })
  @ApiProblems(ErrorCode.ValidationFailed, ErrorCode.InvalidCursor, ErrorCode.Unauthorized)
  listPayments(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: ListPaymentsQuery,
  ): Promise<AccountPaymentPage> {
    return this.payments.list(user.userId, query.limit ?? PAYMENTS_PAGE_DEFAULT_LIMIT, query.cursor);
  }

  @Get('payments/:id')
  @ApiOperation({
    operationId: 'getPaymentReceipt',
    summary: "One of the signed-in user's payments, as its receipt shows it",
    description:
      "The payment and whom the receipt is made out to (names, company, email as the account has them now). Another user's payment is 404 `payment-not-found`, as one that does not exist.",
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The payment id from listAccountPayments' })
  @ApiOkResponse({ type: PaymentReceiptDto })
  @ApiProblems(ErrorCode.PaymentNotFound, ErrorCode.Unauthorized)
  receipt(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<PaymentReceipt> {
    return this.payments.receipt(user.userId, id);
  }

  @Get('notifications')
  @ApiOperation({
    operationId: 'getNotificationSettings',
    summary: 'Which emails the signed-in user gets',
    description: 'The quota alerts (75, 90, 100 % of the monthly quota) emailed; all three by default.',
  })
  @ApiOkResponse({ type: NotificationSettingsDto })
  @ApiProblems(ErrorCode.Unauthorized)
  notifications(@CurrentUser() user: AuthenticatedUser): Promise<NotificationSettings> {
    return this.accounts.notifications(user.userId);
  }

  @Patch('notifications')
  @ApiOperation({
    operationId: 'updateNotificationSettings',
    summary: 'Choose which quota alerts are emailed',
    description:
      'Only the fields sent change. A threshold turned off is not emailed when passed, nor later in that ' +
      'month if turned back on; anything but 75, 90 and 100 (each once) is 400 `validation-failed`.',
  })
  @ApiOkResponse({ type: NotificationSettingsDto })
  @ApiProblems(ErrorCode.ValidationFailed, ErrorCode.Unauthorized)
  updateNotifications(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: UpdateNotificationSettingsBody,
  ): Promise<NotificationSettings> {
    return this.accounts.updateNotifications(user.userId, body);
  }
}
