import { Body, Controller, Get, Patch, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AccountResponse, NotificationSettings } from '@fxrates/domain';
import { ErrorCode } from '@fxrates/domain';
import { ApiProblems } from '../../common/openapi';
import { CurrentUser } from '../auth';
import { JwtAuthGuard } from '../auth';
import type { AuthenticatedUser } from '../auth';
import { AccountService } from './account.service';
import { AccountResponseDto } from './dto/account.response';
import { NotificationSettingsDto, UpdateNotificationSettingsBody } from './dto/notification-settings.dto';
import { UpdateAccountBody } from './dto/update-account.body';

@ApiTags('account')
@ApiBearerAuth('bearer')
@UseGuards(JwtAuthGuard)
@Controller('account')
export class AccountController {
  constructor(private readonly accounts: AccountService) {}

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
