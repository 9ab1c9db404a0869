import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  BILLING_CYCLES,
  PAID_PLAN_IDS,
  PLAN_IDS,
  type BillingCycle,
  type PaidPlanId,
  type PlanChangeDirection,
  type PlanChangePaid,
  type PlanChangePayRequest,
  type PlanChangeRequest,
  type PlanChangeStarted,
  type PlanChangeTiming,
  type PlanChangeUndoRequest,
  type PlanId,
  type PlanQuote,
  type PlanQuotesResponse,
  type UpgradePayment,
} from '@fxrates/domain';
import { IsIn, IsOptional, IsUrl, IsUUID, MaxLength } from 'class-validator';
import { SubscriptionViewDto } from './subscription.response';

const URL_RULES = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };
const RETURN_URL_DOC = {
  maxLength: 2000,
  format: 'uri',
  example: 'https://fxrates.example/account?plan-change=approved',
  description:
    'Where PayPal sends the buyer back after approving: a page of this web app (an allowed origin)',
};
const CANCEL_URL_DOC = {
  ...RETURN_URL_DOC,
  example: 'https://fxrates.example/account?plan-change=cancelled',
  description: 'Where PayPal sends the buyer back when they do not approve; defaults to returnUrl',
};

@ApiSchema({ name: 'PlanChangeUndoRequest' })
export class PlanChangeUndoBody implements PlanChangeUndoRequest {
  @ApiProperty(RETURN_URL_DOC)
  @IsUrl(URL_RULES, { message: 'returnUrl must be an http(s) URL.' })
  @MaxLength(2000)
  returnUrl!: string;

  @ApiPropertyOptional(CANCEL_URL_DOC)
  @IsOptional()
  @IsUrl(URL_RULES, { message: 'cancelUrl must be an http(s) URL.' })
  @MaxLength(2000)
  cancelUrl?: string;
}

@ApiSchema({ name: 'PlanChangeRequest' })
export class PlanChangeBody extends PlanChangeUndoBody implements PlanChangeRequest {
  @ApiProperty({ enum: PAID_PLAN_IDS, example: 'enterprise' })
  @IsIn(PAID_PLAN_IDS, { message: `plan must be one of ${PAID_PLAN_IDS.join(', ')}.` })
  plan!: PaidPlanId;

  @ApiProperty({ enum: BILLING_CYCLES, example: 'annual' })
  @IsIn(BILLING_CYCLES, { message: 'billingCycle must be monthly or annual.' })
  billingCycle!: BillingCycle;
}

@ApiSchema({ name: 'UpgradePayment' })
class UpgradePaymentDto implements UpgradePayment {
  @ApiProperty({ format: 'uuid', description: "Our reference: the PayPal order's custom_id and invoice_id" })
  id!: string;
  @ApiProperty({ pattern: '^\\d+\\.\\d{2}$', example: '42.17', description: 'Charged today, in major units' })
  amount!: string;
  @ApiProperty({ example: 'USD' }) currency!: string;
}

@ApiSchema({ name: 'PlanChangeStarted' })
export class PlanChangeStartedDto implements PlanChangeStarted {
  @ApiProperty({ enum: ['upgrade', 'downgrade', 'undo'] }) direction!: 'upgrade' | 'downgrade' | 'undo';
  @ApiProperty({
    format: 'uri',
    example: 'https://www.paypal.com/webapps/billing/subscriptions/update?ba_token=BA-2M539689T3856352J',
    description:
      "PayPal's page where the buyer approves: an upgrade's payment (then POST /api/v1/subscriptions/change/pay), or the revised subscription",
  })
  approveUrl!: string;
  @ApiPropertyOptional({
    type: UpgradePaymentDto,
    description: "An upgrade's payment, taken before it applies",
  })
  payment?: UpgradePaymentDto;
}

@ApiSchema({ name: 'PlanChangePayRequest' })
export class PlanChangePayBody extends PlanChangeUndoBody implements PlanChangePayRequest {
  @ApiProperty({
    format: 'uuid',
    description: 'The `payment.id` that POST /api/v1/subscriptions/change answered',
  })
  @IsUUID('all', { message: 'paymentId must be the id of an upgrade payment.' })
  paymentId!: string;
}

@ApiSchema({ name: 'PlanChangePaid' })
export class PlanChangePaidDto implements PlanChangePaid {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: SubscriptionViewDto }) subscription!: SubscriptionViewDto;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uri',
    description:
      "PayPal's page where the buyer approves the new price from the next billing date; null when PayPal could not start the revision now",
  })
  approveUrl!: string | null;
}

@ApiSchema({ name: 'PlanQuote' })
class PlanQuoteDto implements PlanQuote {
  @ApiProperty({ enum: PAID_PLAN_IDS }) plan!: PlanId;
  @ApiProperty({ enum: BILLING_CYCLES }) billingCycle!: BillingCycle;
  @ApiProperty({ enum: ['upgrade', 'downgrade', 'same'] }) direction!: PlanChangeDirection;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['now', 'period-end'],
    description:
      '`now`: applies at once for chargeToday; `period-end`: when the paid period ends; null: the current plan',
  })
  timing!: PlanChangeTiming | null;
  @ApiProperty({ pattern: '^\\d+\\.\\d{2}$', example: '42.17' }) chargeToday!: string;
  @ApiProperty({ example: 'USD' }) currency!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) effectiveAt!: string | null;
  @ApiProperty({ pattern: '^\\d+\\.\\d{2}$', example: '99.99' }) recurringAmount!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'First recurring payment at recurringAmount; null when it is today',
  })
  recurringFrom!: string | null;
}

@ApiSchema({ name: 'PlanQuotes' })
export class PlanQuotesDto implements PlanQuotesResponse {
  @ApiProperty({ enum: PLAN_IDS }) plan!: PlanId;
  @ApiProperty({ enum: BILLING_CYCLES }) billingCycle!: BillingCycle;
  @ApiProperty({ example: 'active', description: "The subscription's status; `none` without one" })
  status!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'The held plan is paid until then',
  })
  paidUntil!: string | null;
  @ApiProperty({ type: [PlanQuoteDto] }) quotes!: PlanQuoteDto[];
}
