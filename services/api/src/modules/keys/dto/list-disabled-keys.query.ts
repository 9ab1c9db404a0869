import { ApiPropertyOptional } from '@nestjs/swagger';
import { KEYS_PAGE_DEFAULT_LIMIT, KEYS_PAGE_MAX_LIMIT } from '@fxrates/domain';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

export class ListDisabledKeysQuery {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: KEYS_PAGE_MAX_LIMIT,
    default: KEYS_PAGE_DEFAULT_LIMIT,
    description: 'Keys per page',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `limit must be a whole number from 1 to ${KEYS_PAGE_MAX_LIMIT}.` })
  @Min(1, { message: `limit must be a whole number from 1 to ${KEYS_PAGE_MAX_LIMIT}.` })
  @Max(KEYS_PAGE_MAX_LIMIT, { message: `limit must be a whole number from 1 to ${KEYS_PAGE_MAX_LIMIT}.` })
  limit?: number;

  @ApiPropertyOptional({
    description: 'The `next` of the page before, as given (opaque); left out for the first page',
    example: 'MTc2NDMzMjQwMDAwMC4wYjZjMWUyZC0zYTRiLTRjNWQtOGU3Zi05YTBiMWMyZDNmOWE',
  })
  @IsOptional()
  @IsString({ message: 'cursor must be the `next` of the page before.' })
  cursor?: string;
}
