import { Body, Controller, HttpCode, Post, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CreateSubscriptionResponse } from '@fxrates/domain';
import { ApiProblemResponses } from '../../common/openapi';
import { CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthenticatedUser } from '../auth/jwt.strategy';
import { CreateSubscriptionBody } from './dto/create-subscription.body';
import { CreateSubscriptionResponseDto } from './dto/subscription.response';
import { SubscriptionCancellationService } from './subscription-cancellation.service';
import { SubscriptionsService } from './subscriptions.service';
import { UnsuccessfulProblemFilter } from './unsuccessful-problem.filter';

@ApiTags('billing')
@ApiBearerAuth('bearer')
@UseGuards(JwtAuthGuard)
@UseFilters(UnsuccessfulProblemFilter)
@Controller('v1/subscriptions')
export class SubscriptionsController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly cancellation: SubscriptionCancellationService,
  ) {}

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

  @Post('cancel')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancel the active subscription at PayPal; the plan stays until the paid period ends',
  })
  @ApiOkResponse({ type: CreateSubscriptionResponseDto })
  @ApiProblemResponses(401, 404, 409, 502)
  async cancel(@CurrentUser() user: AuthenticatedUser): Promise<CreateSubscriptionResponse> {
    return { success: true, subscription: await this.cancellation.cancel(user.userId) };
  }
}
