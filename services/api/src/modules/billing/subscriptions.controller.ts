import { Body, Controller, Post, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CreateSubscriptionResponse } from '@fxrates/domain';
import { ApiProblemResponses } from '../../common/openapi';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/jwt.strategy';
import { CreateSubscriptionBody } from './dto/create-subscription.body';
import { CreateSubscriptionResponseDto } from './dto/subscription.response';
import { SubscriptionsService } from './subscriptions.service';
import { UnsuccessfulProblemFilter } from './unsuccessful-problem.filter';

@ApiTags('billing')
@ApiBearerAuth('bearer')
@UseGuards(JwtAuthGuard)
@UseFilters(UnsuccessfulProblemFilter)
@Controller('v1/subscriptions')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Post()
  @ApiOperation({
    summary: 'Record a subscription approved in PayPal, once PayPal confirms it; the plan applies at once',
  })
  @ApiCreatedResponse({ type: CreateSubscriptionResponseDto })
  @ApiProblemResponses(400, 401, 403, 404, 409, 422, 502, 503)
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreateSubscriptionBody,
  ): Promise<CreateSubscriptionResponse> {
    return { success: true, subscription: await this.subscriptions.subscribe(user.userId, body) };
  }
}
