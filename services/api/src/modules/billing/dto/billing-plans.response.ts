import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  PLAN_IDS,
  type BillingPlan,
  type BillingPlansResponse,
  type PayPalEnvironment,
  type PlanId,
} from '@fxrates/domain';

@ApiSchema({ name: 'PayPalPlanIds' })
class PayPalPlanIdsDto {
  @ApiProperty({ type: String, nullable: true, example: 'P-5ML4271244454362WXNWU5NQ' }) monthly!:
    string | null;
  @ApiProperty({ type: String, nullable: true, example: 'P-1UB44581GR7282233MQWKHZA' }) annual!:
    string | null;
}

@ApiSchema({ name: 'BillingPlan' })
class BillingPlanDto implements BillingPlan {
  @ApiProperty({ enum: PLAN_IDS }) id!: PlanId;
  @ApiProperty({ example: 'Basic' }) name!: string;
  @ApiProperty({ type: 'integer', minimum: 0, example: 10000 }) monthlyQuota!: number;
  @ApiProperty({ type: 'integer', minimum: 0, example: 10 }) burstPerSecond!: number;
  @ApiProperty({ example: '15.99', description: 'Price of a month on monthly billing (USD)' })
  monthly!: string;
  @ApiProperty({ example: '167.88', description: 'Price of a year on annual billing (USD)' }) annual!: string;
  @ApiProperty({ example: '13.99', description: 'Monthly equivalent shown for annual billing' })
  annualPerMonth!: string;
  @ApiProperty({ type: PayPalPlanIdsDto, description: 'null when not configured' })
  paypalPlanIds!: PayPalPlanIdsDto;
}

@ApiSchema({ name: 'BillingPlans' })
export class BillingPlansResponseDto implements BillingPlansResponse {
  @ApiProperty({ example: 'USD' }) currency!: string;
  @ApiProperty({ enum: ['sandbox', 'live'] }) environment!: PayPalEnvironment;
  @ApiProperty({ description: 'PayPal client id for the JS SDK; empty when billing is off' })
  paypalClientId!: string;
  @ApiProperty({ type: [BillingPlanDto] }) plans!: BillingPlanDto[];
}
