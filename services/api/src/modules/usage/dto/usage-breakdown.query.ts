import { ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_USAGE_BREAKDOWN_DAYS } from '@fxrates/domain';
import { IsOptional, IsString } from 'class-validator';

const DAY_MESSAGE = (name: string, example: string) =>
  `"${name}" must be a calendar day as YYYY-MM-DD (UTC), e.g. ${example}.`;

/**
 * The days of GET /api/usage/breakdown and its CSV. Whether each is a calendar day, their order,
 * today and the span are checked together (breakdownRange), as GET /api/v1/usage checks them.
 */
export class UsageBreakdownQuery {
  @ApiPropertyOptional({
    format: 'date',
    example: '2026-11-01',
    description: `First day (UTC), included; default: the first day of \`to\`'s month. At most ${MAX_USAGE_BREAKDOWN_DAYS} days from \`from\` to \`to\`.`,
  })
  @IsOptional()
  @IsString({ message: DAY_MESSAGE('from', '2026-11-01') })
  from?: string;

  @ApiPropertyOptional({
    format: 'date',
    example: '2026-11-20',
    description: 'Last day (UTC), included, not after today; default: today.',
  })
  @IsOptional()
  @IsString({ message: DAY_MESSAGE('to', '2026-11-20') })
  to?: string;
}
