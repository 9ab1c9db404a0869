import { Body, Controller, HttpCode, Post, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode, type CreateSubscriptionResponse } from '@fxrates/domain';
import { ApiProblems } from '../../common/openapi';
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
    operationId: 'createSubscription',
    summary: 'Record a subscription approved in PayPal, once PayPal confirms it; the plan applies at once',
    description:
      'The server reads the plan, price, owner and status from PayPal and our price table, never from the ' +
      'body. Problems also carry `success: false`.',
  })
  @ApiCreatedResponse({ type: CreateSubscriptionResponseDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.SubscriptionOwnerMismatch,
    ErrorCode.SubscriptionNotFound,
    ErrorCode.SubscriptionNotActive,
    ErrorCode.SubscriptionAlreadyBound,
    ErrorCode.SubscriptionPlanMismatch,
    ErrorCode.PaymentProviderUnavailable,
    ErrorCode.BillingNotConfigured,
  )
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreateSubscriptionBody,
  ): Promise<CreateSubscriptionResponse> {
    return { success: true, subscription: await this.subscriptions.subscribe(user.userId, body) };
  }

  @Post('cancel')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'cancelSubscription',
    summary: 'Cancel the active subscription at PayPal; the plan stays until the paid period ends',
    description: 'Problems also carry `success: false`.',
  })
  @ApiOkResponse({ type: CreateSubscriptionResponseDto })
  @ApiProblems(
    ErrorCode.Unauthorized,
    ErrorCode.SubscriptionNotFound,
    ErrorCode.SubscriptionNotActive,
    ErrorCode.PaymentProviderUnavailable,
  )
  async cancel(@CurrentUser() user: AuthenticatedUser): Promise<CreateSubscriptionResponse> {
    return { success: true, subscription: await this.cancellation.cancel(user.userId) };
  }
}
