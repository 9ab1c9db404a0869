import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ErrorCode, type ChangePasswordRequest } from '@fxrates/domain';
import { IsString, MaxLength } from 'class-validator';
import { ConfirmPasswordField, PasswordField } from './fields';

@ApiSchema({ name: 'ChangePasswordRequest' })
export class ChangePasswordBody implements ChangePasswordRequest {
  @ApiProperty({ format: 'password', description: 'The password the account has now' })
  @IsString({ message: 'Enter your current password.', context: { code: ErrorCode.ValidationFailed } })
  @MaxLength(200, {
    message: 'Your current password is not correct.',
    context: { code: ErrorCode.WrongCurrentPassword },
  })
  currentPassword!: string;

  @PasswordField()
  password!: string;

  @ConfirmPasswordField()
  confirmPassword!: string;
}
