import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ErrorCode, type VerifyEmailRequest } from '@fxrates/domain';
import { IsString, MaxLength } from 'class-validator';

@ApiSchema({ name: 'VerifyEmailRequest' })
export class VerifyEmailBody implements VerifyEmailRequest {
  @ApiProperty({
    description: 'The token of the link in the verification email (after `#token=`)',
    example: '0f8b6c1e-2d3a-4b5c-9d7e-8f9a0b1c3f9a.Hq2c3d4e5f6g7h8i9j0kLmNoPqRsTuVwXyZ_-aBcDeF',
    maxLength: 200,
  })
  @IsString({ message: 'token is required.', context: { code: ErrorCode.ValidationFailed } })
  @MaxLength(200, { message: 'token is too long.', context: { code: ErrorCode.ValidationFailed } })
  token!: string;
}
