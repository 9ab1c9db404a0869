import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ErrorCode, type DeleteAccountRequest } from '@fxrates/domain';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { CurrentPasswordField } from '../../auth';

/** Deleting the account: the password it has now and, when two-factor sign-in is on, a code. */
@ApiSchema({ name: 'DeleteAccountRequest' })
export class DeleteAccountBody implements DeleteAccountRequest {
  @CurrentPasswordField()
  password!: string;

  @ApiPropertyOptional({
    example: '492039',
    maxLength: 64,
    description:
      'A code of the second factor: required (400 `second-factor-required`) only when two-factor sign-in is on',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64, { message: 'This code is not valid.', context: { code: ErrorCode.WrongTwoFactorCode } })
  code?: string;
}
