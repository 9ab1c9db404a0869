import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/**
 * The query of a list paged newest first (`limit`, and `cursor`: the `next` of the page before), for
 * a route's query class to extend: `class ListPaymentsQuery extends PagedListQuery('Payments', 20, 100) {}`.
 */
export function PagedListQuery(items: string, defaultLimit: number, maxLimit: number) {
  const limitMessage = `limit must be a whole number from 1 to ${maxLimit}.`;

  class PagedQuery {
    @ApiPropertyOptional({
      type: 'integer',
      minimum: 1,
      maximum: maxLimit,
      default: defaultLimit,
      description: `${items} per page`,
    })
    @IsOptional()
    @Type(() => Number)
    @IsInt({ message: limitMessage })
    @Min(1, { message: limitMessage })
    @Max(maxLimit, { message: limitMessage })
    limit?: number;

    @ApiPropertyOptional({
      description: 'The `next` of the page before, as given (opaque); left out for the first page',
      example: 'MTc2NDMzMjQwMDAwMC4wYjZjMWUyZC0zYTRiLTRjNWQtOGU3Zi05YTBiMWMyZDNmOWE',
    })
    @IsOptional()
    @IsString({ message: 'cursor must be the `next` of the page before.' })
    cursor?: string;
  }
  return PagedQuery;
}
