import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ErrorCode, type PasswordResetConfirmRequest, type PasswordResetRequest } from '@fxrates/domain';
import { IsString, MaxLength } from 'class-validator';
import { EmailField, LinkTokenField, PasswordField } from './fields';

@ApiSchema({ name: 'PasswordResetRequest' })
export class PasswordResetBody implements PasswordResetRequest {
  @EmailField()
  email!: string;
}

@ApiSchema({ name: 'PasswordResetConfirmRequest' })
export class PasswordResetConfirmBody implements PasswordResetConfirmRequest {
  @LinkTokenField('password-reset email')
  token!: string;

  @PasswordField()
  password!: string;

  @ApiProperty({ format: 'password', description: 'Must equal password (passwords-do-not-match)' })
  @IsString({ message: 'Confirm your new password.', context: { code: ErrorCode.PasswordsDoNotMatch } })
  @MaxLength(200, { message: 'Passwords do not match', context: { code: ErrorCode.PasswordsDoNotMatch } })
  confirmPassword!: string;
}
