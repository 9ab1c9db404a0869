import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AccountUsage } from '@fxrates/domain';
import { ApiProblemResponses } from '../../common/openapi';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/jwt.strategy';
import { AccountUsageDto } from './dto/account-usage.response';
import { UsageService } from './usage.service';

@ApiTags('usage')
@ApiBearerAuth('bearer')
@UseGuards(JwtAuthGuard)
@Controller('usage')
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get()
  @ApiOperation({ summary: "This month's calls per day and key, and the plan's limits (dashboard)" })
  @ApiOkResponse({ type: AccountUsageDto })
  @ApiProblemResponses(401)
  get(@CurrentUser() user: AuthenticatedUser): Promise<AccountUsage> {
    return this.usage.forUser(user.userId);
  }
}
