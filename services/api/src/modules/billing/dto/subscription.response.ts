import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PENDING_CHANGE_PROPERTY } from '../../../common/openapi';
import {
  PLAN_IDS,
  type BillingCycle,
  type CreateSubscriptionResponse,
  type PendingPlanChange,
  type PlanId,
  type SubscriptionView,
} from '@fxrates/domain';

@ApiSchema({ name: 'Subscription' })
export class SubscriptionViewDto implements SubscriptionView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: PLAN_IDS }) plan!: PlanId;
  @ApiProperty({ enum: ['monthly', 'annual'] }) billingCycle!: BillingCycle;
  @ApiProperty({ example: 'active' }) status!: string;
  @ApiProperty({ example: 'I-BW452GLLEP1G' }) paypalSubscriptionId!: string;
  @ApiProperty({
    pattern: '^\\d+\\.\\d{2}$',
    example: '167.88',
    description: 'From our price table: a decimal string in major units',
  })
  amount!: string;
  @ApiProperty({ example: 'USD' }) currency!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) startDate!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'PayPal next billing time' })
  currentPeriodEnd!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) lastPaymentAt!: string | null;
  @ApiProperty(PENDING_CHANGE_PROPERTY) pendingChange!: PendingPlanChange | null;
}

@ApiSchema({ name: 'SubscriptionResult' })
export class CreateSubscriptionResponseDto implements CreateSubscriptionResponse {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: SubscriptionViewDto }) subscription!: SubscriptionViewDto;
}
