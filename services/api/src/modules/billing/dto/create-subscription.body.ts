import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  BILLING_CYCLES,
  PAID_PLAN_IDS,
  type BillingCycle,
  type CreateSubscriptionRequest,
  type PaidPlanId,
} from '@fxrates/domain';
import { IsIn, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';

/**
 * The spec's subscription record. Only `paypalSubscriptionId` names what to verify, and
 * `plan` + `billingCycle` what the user asked for; userId, paymentId, amount and status are accepted
 * for compatibility and ignored: the server reads them from PayPal, the session and its price table.
 */
@ApiSchema({ name: 'CreateSubscriptionRequest' })
export class CreateSubscriptionBody implements CreateSubscriptionRequest {
  @ApiProperty({
    pattern: '^[A-Za-z0-9-]{3,50}$',
    example: 'I-BW452GLLEP1G',
    description: 'PayPal subscription id from onApprove',
  })
  @Matches(/^[A-Za-z0-9-]{3,50}$/, { message: 'paypalSubscriptionId must be a PayPal subscription id.' })
  paypalSubscriptionId!: string;

  @ApiProperty({ enum: PAID_PLAN_IDS, example: 'basic' })
  @IsIn(PAID_PLAN_IDS, { message: `plan must be one of ${PAID_PLAN_IDS.join(', ')}.` })
  plan!: PaidPlanId;

  @ApiProperty({ enum: BILLING_CYCLES, example: 'annual' })
  @IsIn(BILLING_CYCLES, { message: 'billingCycle must be monthly or annual.' })
  billingCycle!: BillingCycle;

  @ApiPropertyOptional({ maxLength: 128, description: 'Ignored (the session names the user)' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  userId?: string;

  @ApiPropertyOptional({
    maxLength: 128,
    description: 'Ignored (the spec sends the PayPal subscription id again)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  paymentId?: string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'number' }, { type: 'string', maxLength: 32 }],
    description: 'Ignored (the price comes from our table)',
    example: 167.88,
  })
  @IsOptional()
  @ValidateIf((_, value) => typeof value !== 'number')
  @IsString({ message: 'amount must be a number or a string.' })
  @MaxLength(32)
  amount?: number | string;

  @ApiPropertyOptional({
    maxLength: 32,
    description: 'Ignored (the status comes from PayPal)',
    example: 'ACTIVE',
  })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  status?: string;
}
