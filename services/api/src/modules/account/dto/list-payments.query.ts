import { ApiPropertyOptional } from '@nestjs/swagger';
import { PAYMENTS_PAGE_DEFAULT_LIMIT, PAYMENTS_PAGE_MAX_LIMIT } from '@fxrates/domain';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAYMENTS_PAGE_MAX_LIMIT}.`;

export class ListPaymentsQuery {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: PAYMENTS_PAGE_MAX_LIMIT,
    default: PAYMENTS_PAGE_DEFAULT_LIMIT,
    description: 'Payments per page',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(PAYMENTS_PAGE_MAX_LIMIT, { message: LIMIT_MESSAGE })
  limit?: number;

  @ApiPropertyOptional({
    description: 'The `next` of the page before, as given (opaque); left out for the first page',
    example: 'MTc2NDMzMjQwMDAwMC4wYjZjMWUyZC0zYTRiLTRjNWQtOGU3Zi05YTBiMWMyZDNmOWE',
  })
  @IsOptional()
  @IsString({ message: 'cursor must be the `next` of the page before.' })
  cursor?: string;
}
