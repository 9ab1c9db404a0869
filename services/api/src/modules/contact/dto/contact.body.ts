import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ErrorCode } from '@fxrates/domain';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { trimmed } from '../../auth';

const required = (field: string) => ({ message: `${field} is required.` });

/** The spec's contact body. The form's other fields (website, phone, consent) are never sent. */
@ApiSchema({ name: 'ContactRequest' })
export class ContactBody {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Ada Lovelace' })
  @Transform(trimmed)
  @IsString(required('Name'))
  @MinLength(1, required('Name'))
  @MaxLength(100, { message: 'Name must be at most 100 characters.' })
  name!: string;

  @ApiProperty({ format: 'email', maxLength: 254, example: 'ada@example.com' })
  @Transform(trimmed)
  @IsEmail(
    {},
    {
      message: 'Enter a valid email address, such as name@example.com.',
      context: { code: ErrorCode.InvalidEmail },
    },
  )
  @MaxLength(254, {
    message: 'Email must be at most 254 characters.',
    context: { code: ErrorCode.InvalidEmail },
  })
  email!: string;

  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Enterprise volumes' })
  @Transform(trimmed)
  @IsString(required('Subject'))
  @MinLength(1, required('Subject'))
  @MaxLength(200, { message: 'Subject must be at most 200 characters.' })
  subject!: string;

  @ApiProperty({ minLength: 1, maxLength: 5000, example: 'We would like 2 million calls a month.' })
  @Transform(trimmed)
  @IsString(required('Message'))
  @MinLength(1, required('Message'))
  @MaxLength(5000, { message: 'Message must be at most 5000 characters.' })
  message!: string;

  @ApiProperty({
    minLength: 1,
    maxLength: 4096,
    description: 'reCAPTCHA v3 token for the action contact_form',
  })
  @IsString({ message: 'reCAPTCHA token is required.', context: { code: ErrorCode.RecaptchaFailed } })
  @MinLength(1, { message: 'reCAPTCHA token is required.', context: { code: ErrorCode.RecaptchaFailed } })
  @MaxLength(4096, { message: 'reCAPTCHA token is malformed.', context: { code: ErrorCode.RecaptchaFailed } })
  recaptchaToken!: string;
}
