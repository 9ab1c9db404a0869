import { ApiSchema } from '@nestjs/swagger';
import type { ChangePasswordRequest } from '@fxrates/domain';
import { ConfirmPasswordField, CurrentPasswordField, PasswordField } from './fields';

@ApiSchema({ name: 'ChangePasswordRequest' })
export class ChangePasswordBody implements ChangePasswordRequest {
  @CurrentPasswordField()
  currentPassword!: string;

  @PasswordField()
  password!: string;

  @ConfirmPasswordField()
  confirmPassword!: string;
}
