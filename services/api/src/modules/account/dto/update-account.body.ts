import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type { UpdateAccountRequest } from '@fxrates/domain';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { trimmed } from '../../auth';

/** Only names and company can change; any other field (plan, email, role, status…) is a 400. */
@ApiSchema({ name: 'UpdateAccountRequest' })
export class UpdateAccountBody implements UpdateAccountRequest {
  @ApiPropertyOptional({ maxLength: 100 })
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'First name must not be empty.' })
  @MaxLength(100, { message: 'First name must be at most 100 characters.' })
  firstName?: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'Last name must not be empty.' })
  @MaxLength(100, { message: 'Last name must be at most 100 characters.' })
  lastName?: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: 200,
    nullable: true,
    example: 'Analytical Engines Ltd',
    description: 'null or "" removes it',
  })
  @Transform(trimmed)
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(200, { message: 'Company must be at most 200 characters.' })
  company?: string | null;
}
