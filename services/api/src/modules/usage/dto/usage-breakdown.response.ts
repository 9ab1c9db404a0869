import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  STATUS_CLASSES,
  type StatusClass,
  type UsageBreakdown,
  type UsageBreakdownRow,
} from '@fxrates/domain';

@ApiSchema({ name: 'UsageBreakdownRow' })
export class UsageBreakdownRowDto implements UsageBreakdownRow {
  @ApiProperty({ format: 'date', example: '2026-11-22', description: 'Day (UTC)' }) day!: string;
  @ApiProperty({ format: 'uuid', example: '0b6c1e2d-3a4b-4c5d-8e7f-9a0b1c2d3f9a' }) keyId!: string;
  @ApiProperty({
    example: 'rates/historical/:date',
    description: "The route's path under /api/v1, a template (`:date`), not the path as called",
  })
  endpoint!: string;
  @ApiProperty({ enum: STATUS_CLASSES, example: '2xx' }) statusClass!: StatusClass;
  @ApiProperty({ type: 'integer', minimum: 1, example: 42 }) calls!: number;
}

@ApiSchema({ name: 'UsageBreakdownKey' })
export class UsageBreakdownKeyDto {
  @ApiProperty({ format: 'uuid', example: '0b6c1e2d-3a4b-4c5d-8e7f-9a0b1c2d3f9a' }) id!: string;
  @ApiProperty({ example: 'Production server' }) name!: string;
  @ApiProperty({ example: 'fxrates_••••••••••••••••••••••••••••3f9a' }) maskedKey!: string;
}

@ApiSchema({ name: 'UsageBreakdown' })
export class UsageBreakdownDto implements UsageBreakdown {
  @ApiProperty({ format: 'date', example: '2026-11-01', description: 'First day (UTC), included' })
  from!: string;
  @ApiProperty({ format: 'date', example: '2026-11-20', description: 'Last day (UTC), included' })
  to!: string;
  @ApiProperty({
    type: UsageBreakdownRowDto,
    isArray: true,
    description: 'Every cell with calls, by day, key, endpoint and status class',
  })
  rows!: UsageBreakdownRowDto[];
  @ApiProperty({
    type: UsageBreakdownKeyDto,
    isArray: true,
    description:
      'The keys the rows name, disabled and test keys included; a key deleted since (the oldest disabled ones are) is not listed',
  })
  keys!: UsageBreakdownKeyDto[];
}
