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

/** The token of an emailed link (after `#token=`), checked for shape only: the service checks its signature. */
export function LinkTokenField(mail: string): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      description: `The token of the link in the ${mail} (after \`#token=\`)`,
      example: '0f8b6c1e-2d3a-4b5c-9d7e-8f9a0b1c3f9a.Hq2c3d4e5f6g7h8i9j0kLmNoPqRsTuVwXyZ_-aBcDeF',
      maxLength: 200,
    }),
    IsString({ message: 'token is required.', context: { code: ErrorCode.ValidationFailed } }),
    MaxLength(200, { message: 'token is too long.', context: { code: ErrorCode.ValidationFailed } }),
  );
}

/** The password the account has now, asked before its credentials change; checked by the service. */
export function CurrentPasswordField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ format: 'password', description: 'The password the account has now' }),
    IsString({ message: 'Enter your current password.', context: { code: ErrorCode.ValidationFailed } }),
    MaxLength(200, {
      message: 'Your current password is not correct.',
      context: { code: ErrorCode.WrongCurrentPassword },
    }),
  );
}

/** The new password typed again: it must equal `password` (the service compares them). */
export function ConfirmPasswordField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ format: 'password', description: 'Must equal password (passwords-do-not-match)' }),
    IsString({ message: 'Confirm your new password.', context: { code: ErrorCode.PasswordsDoNotMatch } }),
    MaxLength(200, { message: 'Passwords do not match', context: { code: ErrorCode.PasswordsDoNotMatch } }),
  );
}
