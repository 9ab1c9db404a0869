import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PENDING_CHANGE_PROPERTY } from '../../../common/openapi';
import {
  PLAN_IDS,
  type AccountResponse,
  type BillingCycle,
  type PendingPlanChange,
  type PlanId,
} from '@fxrates/domain';

@ApiSchema({ name: 'Account' })
export class AccountResponseDto implements AccountResponse {
  @ApiProperty() email!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Analytical Engines Ltd' }) company!: string | null;
  @ApiProperty({ enum: PLAN_IDS }) plan!: PlanId;
  @ApiProperty({ enum: ['monthly', 'annual'] }) billingCycle!: BillingCycle;
  @ApiProperty({ example: 'active' }) status!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) startDate!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) currentPeriodEnd!: string | null;
  @ApiProperty({
    pattern: '^\\d+\\.\\d{2}$',
    example: '0.00',
    description: 'Price per billing cycle: a decimal string in major units',
  })
  amount!: string;
  @ApiProperty({ example: 'USD' }) currency!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description:
      'The last sign-in with email and password; null for a new user, who has only the session signing up opened',
  })
  lastSignInAt!: string | null;
  @ApiProperty(PENDING_CHANGE_PROPERTY) pendingChange!: PendingPlanChange | null;
}
