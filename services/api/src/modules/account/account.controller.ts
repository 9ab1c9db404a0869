import { Body, Controller, Get, Patch, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AccountResponse } from '@fxrates/domain';
import { ErrorCode } from '@fxrates/domain';
import { ApiProblems } from '../../common/openapi';
import { CurrentUser } from '../auth';
import { JwtAuthGuard } from '../auth';
import type { AuthenticatedUser } from '../auth';
import { AccountService } from './account.service';
import { AccountResponseDto } from './dto/account.response';
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
}
