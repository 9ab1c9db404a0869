import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ErrorCode, PASSWORD_MAX_LENGTH, type LoginRequest } from '@fxrates/domain';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { EmailField } from './fields';

@ApiSchema({ name: 'LoginRequest' })
export class LoginBody implements LoginRequest {
  @EmailField()
  email!: string;

  /** Only bounded here: a wrong length is simply a wrong password, but never worth hashing. */
  @ApiProperty({ format: 'password', minLength: 1, maxLength: PASSWORD_MAX_LENGTH })
  @IsString({ message: 'Password is required.', context: { code: ErrorCode.ValidationFailed } })
  @MinLength(1, { message: 'Password is required.', context: { code: ErrorCode.ValidationFailed } })
  @MaxLength(PASSWORD_MAX_LENGTH, {
    message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    context: { code: ErrorCode.PasswordTooLong },
  })
  password!: string;
}
