import { ApiProperty } from '@nestjs/swagger';
import { PLAN_IDS, type AccountUsage, type PlanId, type UsageDay } from '@fxrates/domain';

export class UsageDayDto implements UsageDay {
  @ApiProperty({ format: 'date', example: '2026-11-22' }) day!: string;
  @ApiProperty({ example: 42 }) total!: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, description: 'key id → calls' })
  byKey!: Record<string, number>;
}

export class AccountUsageDto implements AccountUsage {
  @ApiProperty({ enum: PLAN_IDS }) plan!: PlanId;
  @ApiProperty({ example: 1000 }) monthlyQuota!: number;
  @ApiProperty({ example: 42 }) used!: number;
  @ApiProperty({ example: 958 }) remaining!: number;
  @ApiProperty({ format: 'date-time' }) resetsAt!: string;
  @ApiProperty({ example: 2 }) burstPerSecond!: number;
  @ApiProperty({ type: UsageDayDto, isArray: true }) days!: UsageDayDto[];
}
