import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ErrorCode, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@fxrates/domain';
import { Transform } from 'class-transformer';
import { IsDefined, IsEmail, IsString, MaxLength, MinLength } from 'class-validator';

export const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const normalisedEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** An email, trimmed and lower-cased before it is checked; a bad one is `invalid-email`. */
export function EmailField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ format: 'email', example: 'ada@example.com', maxLength: 254 }),
    Transform(normalisedEmail),
    IsDefined({ message: 'Email is required.', context: { code: ErrorCode.InvalidEmail } }),
    IsEmail(
      {},
      {
        message: 'Enter a valid email address, such as name@example.com.',
        context: { code: ErrorCode.InvalidEmail },
      },
    ),
    MaxLength(254, {
      message: 'Email must be at most 254 characters.',
      context: { code: ErrorCode.InvalidEmail },
    }),
  );
}

/** A password of 6–128 characters, checked here, before anything is hashed. */
export function PasswordField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, format: 'password' }),
    IsString({
      message: `Password should be at least ${PASSWORD_MIN_LENGTH} characters`,
      context: { code: ErrorCode.WeakPassword },
    }),
    MinLength(PASSWORD_MIN_LENGTH, {
      message: `Password should be at least ${PASSWORD_MIN_LENGTH} characters`,
      context: { code: ErrorCode.WeakPassword },
    }),
    MaxLength(PASSWORD_MAX_LENGTH, {
      message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
      context: { code: ErrorCode.PasswordTooLong },
    }),
  );
}
