import { Body, Controller, Get, Patch, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AccountResponse } from '@fxrates/domain';
import { ApiProblemResponses } from '../../common/openapi';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/jwt.strategy';
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
  @ApiOperation({ summary: 'Profile and subscription of the signed-in user' })
  @ApiOkResponse({ type: AccountResponseDto })
  @ApiProblemResponses(401)
  get(@CurrentUser() user: AuthenticatedUser): Promise<AccountResponse> {
    return this.accounts.get(user.userId);
  }

  @Patch()
  @ApiOperation({ summary: 'Change first name, last name or company (nothing else)' })
  @ApiOkResponse({ type: AccountResponseDto })
  @ApiProblemResponses(400, 401)
  update(@CurrentUser() user: AuthenticatedUser, @Body() body: UpdateAccountBody): Promise<AccountResponse> {
    return this.accounts.update(user.userId, body);
  }
}
