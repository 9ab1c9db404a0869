import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PLAN_IDS, type AccountUsage, type PlanId, type UsageDay } from '@fxrates/domain';

@ApiSchema({ name: 'UsageDay' })
export class UsageDayDto implements UsageDay {
  @ApiProperty({ format: 'date', example: '2026-11-22' }) day!: string;
  @ApiProperty({ type: 'integer', minimum: 0, example: 42 }) total!: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer', minimum: 0 },
    description: 'key id → calls',
    example: { '0b6c1e2d-3a4b-4c5d-8e7f-9a0b1c2d3f9a': 42 },
  })
  byKey!: Record<string, number>;
}

@ApiSchema({ name: 'AccountUsage' })
export class AccountUsageDto implements AccountUsage {
  @ApiProperty({ enum: PLAN_IDS }) plan!: PlanId;
  @ApiProperty({ type: 'integer', minimum: 0, example: 1000 }) monthlyQuota!: number;
  @ApiProperty({ type: 'integer', minimum: 0, example: 42 }) used!: number;
  @ApiProperty({ type: 'integer', minimum: 0, example: 958 }) remaining!: number;
  @ApiProperty({ format: 'date-time' }) resetsAt!: string;
  @ApiProperty({ type: 'integer', minimum: 0, example: 2 }) burstPerSecond!: number;
  @ApiProperty({ type: UsageDayDto, isArray: true }) days!: UsageDayDto[];
}
