import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode, type AccountUsage } from '@fxrates/domain';
import { ApiProblems } from '../../common/openapi';
import { CurrentUser } from '../auth';
import { JwtAuthGuard } from '../auth';
import type { AuthenticatedUser } from '../auth';
import { AccountUsageDto } from './dto/account-usage.response';
import { UsageService } from './usage.service';

@ApiTags('usage')
@ApiBearerAuth('bearer')
@UseGuards(JwtAuthGuard)
@Controller('usage')
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get()
  @ApiOperation({
    operationId: 'getAccountUsage',
    summary: "This month's calls per day and key, and the plan's limits (dashboard)",
    description:
      'Every day of this month (UTC) up to today, zeros included; counts lag by up to 10 seconds. Limited per user (429 `rate-limited` with Retry-After).',
  })
  @ApiOkResponse({ type: AccountUsageDto })
  @ApiProblems(ErrorCode.Unauthorized, ErrorCode.RateLimited, ErrorCode.ServiceUnavailable)
  get(@CurrentUser() user: AuthenticatedUser): Promise<AccountUsage> {
    return this.usage.forUser(user.userId);
  }
}
