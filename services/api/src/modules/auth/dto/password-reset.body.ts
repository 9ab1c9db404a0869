import { ApiSchema } from '@nestjs/swagger';
import type { PasswordResetConfirmRequest, PasswordResetRequest } from '@fxrates/domain';
import { ConfirmPasswordField, EmailField, LinkTokenField, PasswordField } from './fields';

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

  @ConfirmPasswordField()
  confirmPassword!: string;
}
