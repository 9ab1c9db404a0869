import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { COMPANY_MAX_LENGTH, PERSON_NAME_MAX_LENGTH, type UpdateAccountRequest } from '@fxrates/domain';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { trimmed } from '../../auth';

/** Only names and company can change; any other field (plan, email, role, status…) is a 400. */
@ApiSchema({ name: 'UpdateAccountRequest' })
export class UpdateAccountBody implements UpdateAccountRequest {
  @ApiPropertyOptional({ maxLength: PERSON_NAME_MAX_LENGTH })
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'First name must not be empty.' })
  @MaxLength(PERSON_NAME_MAX_LENGTH, {
    message: `First name must be at most ${PERSON_NAME_MAX_LENGTH} characters.`,
  })
  firstName?: string;

  @ApiPropertyOptional({ maxLength: PERSON_NAME_MAX_LENGTH })
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'Last name must not be empty.' })
  @MaxLength(PERSON_NAME_MAX_LENGTH, {
    message: `Last name must be at most ${PERSON_NAME_MAX_LENGTH} characters.`,
  })
  lastName?: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: COMPANY_MAX_LENGTH,
    nullable: true,
    example: 'Analytical Engines Ltd',
    description: 'null or "" removes it',
  })
  @Transform(trimmed)
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(COMPANY_MAX_LENGTH, { message: `Company must be at most ${COMPANY_MAX_LENGTH} characters.` })
  company?: string | null;
}
