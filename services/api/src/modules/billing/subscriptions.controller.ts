import { Body, Controller, Get, Headers, HttpCode, Post, Req, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ErrorCode,
  type CreateSubscriptionResponse,
  type PlanChangePaid,
  type PlanChangeStarted,
  type PlanQuotesResponse,
} from '@fxrates/domain';
import type { FastifyRequest } from 'fastify';
import { ApiProblems } from '../../common/openapi';
import { CurrentUser, RequiresRecentSignIn } from '../auth';
import { JwtAuthGuard } from '../auth';
import type { AuthenticatedUser } from '../auth';
import { CreateSubscriptionBody } from './dto/create-subscription.body';
import { CreateSubscriptionResponseDto } from './dto/subscription.response';
import {
  PlanChangeBody,
  PlanChangePaidDto,
  PlanChangePayBody,
  PlanChangeStartedDto,
  PlanChangeUndoBody,
  PlanQuotesDto,
} from './dto/plan-change.body';
import { viewOf } from './subscription-view';
import { PlanChangesService } from './plan-changes.service';
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
    private readonly changes: PlanChangesService,
  ) {}

  @Post()
  @ApiOperation({
    operationId: 'createSubscription',
    summary: 'Record a subscription approved in PayPal, once PayPal confirms it; the plan applies at once',
    description:
      'The server reads the plan, price, owner and status from PayPal and our price table, never from the ' +
      'body. A user holds one active subscription: a second one is cancelled at PayPal and refused with ' +
      '409 `already-subscribed` (change the plan with POST /api/v1/subscriptions/change instead). ' +
      'Problems also carry `success: false`.',
  })
  @ApiCreatedResponse({ type: CreateSubscriptionResponseDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.SubscriptionOwnerMismatch,
    ErrorCode.SubscriptionNotFound,
    ErrorCode.SubscriptionNotActive,
    ErrorCode.SubscriptionAlreadyBound,
    ErrorCode.AlreadySubscribed,
    ErrorCode.SubscriptionPlanMismatch,
    ErrorCode.PaymentProviderUnavailable,
    ErrorCode.BillingNotConfigured,
  )
  @RequiresRecentSignIn()
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreateSubscriptionBody,
    @Req() request: FastifyRequest,
  ): Promise<CreateSubscriptionResponse> {
    return {
      success: true,
      subscription: await this.subscriptions.subscribe(user.userId, body, request.id),
    };
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
  async cancel(
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
  ): Promise<CreateSubscriptionResponse> {
    return { success: true, subscription: await this.cancellation.cancel(user.userId, request.id) };
  }

  @Get('quotes')
  @ApiOperation({
    operationId: 'quoteSubscriptionPlans',
    summary: 'What every plan and cycle costs this user today, and from when it applies',
    description:
      'With an active subscription, a higher tier applies now for the prorated difference over the rest ' +
      'of the paid period (rounded half to even to the cent); anything else applies at the end of the ' +
      'paid period for nothing today. With paid time left on a cancelled subscription, every plan (the ' +
      'same one: a resumption) starts when that time ends. Otherwise every plan costs its price today.',
  })
  @ApiOkResponse({ type: PlanQuotesDto })
  @ApiProblems(ErrorCode.Unauthorized)
  quotes(@CurrentUser() user: AuthenticatedUser): Promise<PlanQuotesResponse> {
    return this.subscriptions.quotes(user.userId);
  }

  @Post('change')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'changeSubscriptionPlan',
    summary: 'Start a change of plan: PayPal revises the subscription once the buyer approves it',
    description:
      'A higher tier is paid before it applies: the answer carries `payment` (the prorated difference ' +
      "for the rest of the paid period, as GET /api/v1/subscriptions/quotes shows it) and PayPal's page " +
      'where the buyer pays it; then the web app calls POST /api/v1/subscriptions/change/pay. Any other ' +
      'change revises the subscription at PayPal and answers the approve link; after approving, the web ' +
      'app calls POST /api/v1/subscriptions/change/confirm, and the change applies at the end of the ' +
      'period already paid for. Choosing the plan paid for now while a change is scheduled undoes it. ' +
      'Problems also carry `success: false`.',
  })
  @ApiOkResponse({ type: PlanChangeStartedDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.SubscriptionNotFound,
    ErrorCode.PlanUnchanged,
    ErrorCode.SubscriptionNotActive,
    ErrorCode.PaymentProviderUnavailable,
    ErrorCode.BillingNotConfigured,
  )
  @RequiresRecentSignIn()
  change(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: PlanChangeBody,
    @Headers('origin') origin?: string,
  ): Promise<PlanChangeStarted> {
    return this.changes.start(user.userId, { plan: body.plan, cycle: body.billingCycle }, body, origin);
  }

  @Post('change/pay')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'payForSubscriptionUpgrade',
    summary: "Take an upgrade's approved payment and apply the upgrade now",
    description:
      'Checks the PayPal order the buyer approved (our reference, amount, currency, the payer of the ' +
      'subscription) while the quote holds (an hour, within the same paid period and plan), captures ' +
      'it, checks the capture, and only then grants the plan until the end of the paid period. The ' +
      "answer links PayPal's page where the buyer approves the new recurring price from the next " +
      'billing date (then POST /api/v1/subscriptions/change/confirm). A payment is taken once: a replay ' +
      'is 409 `payment-already-captured`. A declined or abandoned payment changes nothing. Problems ' +
      'also carry `success: false`.',
  })
  @ApiOkResponse({ type: PlanChangePaidDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.SubscriptionNotFound,
    ErrorCode.PaymentNotFound,
    ErrorCode.PaymentAlreadyCaptured,
    ErrorCode.QuoteExpired,
    ErrorCode.PaymentNotApproved,
    ErrorCode.PaymentDeclined,
    ErrorCode.PaymentMismatch,
    ErrorCode.PaymentProviderUnavailable,
    ErrorCode.BillingNotConfigured,
  )
  async pay(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: PlanChangePayBody,
    @Req() request: FastifyRequest,
    @Headers('origin') origin?: string,
  ): Promise<PlanChangePaid> {
    const paid = await this.changes.pay(user.userId, body.paymentId, body, origin, request.id);
    return { success: true, subscription: viewOf(paid.subscription), approveUrl: paid.approveUrl };
  }

  @Post('change/undo')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'undoSubscriptionPlanChange',
    summary: 'Undo a scheduled downgrade: PayPal revises the subscription back once the buyer approves',
    description:
      'PayPal already bills the cheaper plan from the next cycle, so undoing it is a revision back to ' +
      'the plan paid for now, approved at PayPal; the scheduled change goes once ' +
      'POST /api/v1/subscriptions/change/confirm sees it. Problems also carry `success: false`.',
  })
  @ApiOkResponse({ type: PlanChangeStartedDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.SubscriptionNotFound,
    ErrorCode.PlanChangeNotFound,
    ErrorCode.SubscriptionNotActive,
    ErrorCode.PaymentProviderUnavailable,
    ErrorCode.BillingNotConfigured,
  )
  undo(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: PlanChangeUndoBody,
    @Headers('origin') origin?: string,
  ): Promise<PlanChangeStarted> {
    return this.changes.undo(user.userId, body, origin);
  }

  @Post('change/confirm')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'confirmSubscriptionPlanChange',
    summary: 'Apply what PayPal confirms of an approved revision: an upgrade now, a downgrade at period end',
    description:
      'Reads the subscription at PayPal and judges it as a new one (owner, our plan at our price, active). ' +
      'A dearer plan applies at once; a cheaper one is scheduled (`pendingChange`) for the end of the ' +
      'period already paid for; the plan paid for now drops a scheduled change. Idempotent. ' +
      'Problems also carry `success: false`.',
  })
  @ApiOkResponse({ type: CreateSubscriptionResponseDto })
  @ApiProblems(
    ErrorCode.Unauthorized,
    ErrorCode.SubscriptionNotFound,
    ErrorCode.SubscriptionNotActive,
    ErrorCode.SubscriptionOwnerMismatch,
    ErrorCode.SubscriptionPlanMismatch,
    ErrorCode.PaymentProviderUnavailable,
    ErrorCode.BillingNotConfigured,
  )
  async confirm(
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
  ): Promise<CreateSubscriptionResponse> {
    return { success: true, subscription: await this.subscriptions.confirmChange(user.userId, request.id) };
  }
}
