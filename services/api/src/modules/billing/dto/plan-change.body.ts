import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  BILLING_CYCLES,
  PAID_PLAN_IDS,
  type BillingCycle,
  type PaidPlanId,
  type PlanChangeRequest,
  type PlanChangeStarted,
  type PlanChangeUndoRequest,
} from '@fxrates/domain';
import { IsIn, IsOptional, IsUrl, MaxLength } from 'class-validator';

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

@ApiSchema({ name: 'PlanChangeStarted' })
export class PlanChangeStartedDto implements PlanChangeStarted {
  @ApiProperty({ enum: ['upgrade', 'downgrade', 'undo'] }) direction!: 'upgrade' | 'downgrade' | 'undo';
  @ApiProperty({
    format: 'uri',
    example: 'https://www.paypal.com/webapps/billing/subscriptions/update?ba_token=BA-2M539689T3856352J',
    description: "PayPal's page where the buyer approves the revised subscription",
  })
  approveUrl!: string;
}
