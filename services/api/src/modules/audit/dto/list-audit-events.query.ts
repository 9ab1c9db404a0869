import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

export const AUDIT_PAGE_DEFAULT_LIMIT = 50;
export const AUDIT_PAGE_MAX_LIMIT = 100;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${AUDIT_PAGE_MAX_LIMIT}.`;

export class ListAuditEventsQuery {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: AUDIT_PAGE_MAX_LIMIT,
    default: AUDIT_PAGE_DEFAULT_LIMIT,
    description: 'Events per page',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(AUDIT_PAGE_MAX_LIMIT, { message: LIMIT_MESSAGE })
  limit?: number;

  @ApiPropertyOptional({
    description: 'The `next` of the page before, as given (opaque); left out for the first page',
    example: 'MTc2NDMzMjQwMDAwMC4wYjZjMWUyZC0zYTRiLTRjNWQtOGU3Zi05YTBiMWMyZDNmOWE',
  })
  @IsOptional()
  @IsString({ message: 'cursor must be the `next` of the page before.' })
  cursor?: string;
}
