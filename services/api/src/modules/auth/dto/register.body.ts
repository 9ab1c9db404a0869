import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ErrorCode, PLAN_IDS, type PlanId, type RegisterRequest } from '@fxrates/domain';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { EmailField, PasswordField, trimmed } from './fields';

const required = (name: string) => ({
  message: `${name} is required.`,
  context: { code: ErrorCode.ValidationFailed },
});

@ApiSchema({ name: 'RegisterRequest' })
export class RegisterBody implements RegisterRequest {
  @ApiProperty({ example: 'Ada', maxLength: 100 })
  @Transform(trimmed)
  @IsString(required('First name'))
  @MinLength(1, required('First name'))
  @MaxLength(100, { message: 'First name must be at most 100 characters.' })
  firstName!: string;

  @ApiProperty({ example: 'Lovelace', maxLength: 100 })
  @Transform(trimmed)
  @IsString(required('Last name'))
  @MinLength(1, required('Last name'))
  @MaxLength(100, { message: 'Last name must be at most 100 characters.' })
  lastName!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'Analytical Engines Ltd',
    maxLength: 200,
    description: 'The business name; null or "" stores none',
  })
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'Company must be at most 200 characters.' })
  company?: string;

  @EmailField()
  email!: string;

  @PasswordField()
  password!: string;

  @ApiPropertyOptional({
    format: 'password',
    description: 'When sent, must equal password (passwords-do-not-match)',
  })
  @IsOptional()
  @IsString()
  confirmPassword?: string;

  @ApiPropertyOptional({
    enum: PLAN_IDS,
    description: 'Plan chosen on the pricing page; the account stays on free until a payment is verified',
  })
  @IsOptional()
  @IsIn(PLAN_IDS, { message: `plan must be one of ${PLAN_IDS.join(', ')}.` })
  plan?: PlanId;
}
