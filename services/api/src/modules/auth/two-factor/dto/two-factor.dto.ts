import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import {
  ErrorCode,
  type ReauthenticateRequest,
  type TwoFactorChallenge,
  type TwoFactorConfirmRequest,
  type TwoFactorDisableRequest,
  type TwoFactorEnrolment,
  type TwoFactorLoginRequest,
  type TwoFactorProof,
  type TwoFactorRecoveryCodes,
  type TwoFactorStatus,
} from '@fxrates/domain';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { AuthResponseDto } from '../../dto/auth.response';
import { CurrentPasswordField } from '../../dto/fields';
import { SESSION_TOKEN_PATTERN } from '../../session-token';
import { TOTP_CODE_PATTERN } from '../totp';

const CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app.';

function CodeProperty(required: boolean): PropertyDecorator {
  const doc = { description: 'Six digits from the authenticator app (spaces allowed)', example: '492039' };
  const decorators = [
    required ? ApiProperty(doc) : ApiPropertyOptional(doc),
    IsString({ message: CODE_MESSAGE, context: { code: ErrorCode.ValidationFailed } }),
    Matches(TOTP_CODE_PATTERN, { message: CODE_MESSAGE, context: { code: ErrorCode.ValidationFailed } }),
  ];
  if (!required) decorators.unshift(IsOptional());
  return applyDecorators(...decorators);
}

function RecoveryCodeProperty(): PropertyDecorator {
  const decorators = [
    ApiPropertyOptional({
      description: 'One of the ten recovery codes; each works once',
      example: 'k7m2p-x9qrt',
    }),
    IsOptional(),
    IsString({ message: 'Enter a recovery code.', context: { code: ErrorCode.ValidationFailed } }),
    MaxLength(40, {
      message: 'That recovery code is not right, or was used already.',
      context: { code: ErrorCode.WrongTwoFactorCode },
    }),
  ];
  return applyDecorators(...decorators);
}

/** A second factor: `code` or `recoveryCode` (the service says when neither is given). */
@ApiSchema({ name: 'TwoFactorProof' })
export class TwoFactorProofBody implements TwoFactorProof {
  @CodeProperty(false)
  code?: string;

  @RecoveryCodeProperty()
  recoveryCode?: string;
}

@ApiSchema({ name: 'TwoFactorLoginRequest' })
export class TwoFactorLoginBody extends TwoFactorProofBody implements TwoFactorLoginRequest {
  @ApiProperty({ description: 'The challenge POST /api/auth/login answered', example: 'q2W…' })
  @IsString({ message: 'challenge is required.', context: { code: ErrorCode.ValidationFailed } })
  @Matches(SESSION_TOKEN_PATTERN, {
    message: 'This sign-in has expired or was already completed. Sign in again with your password.',
    context: { code: ErrorCode.TwoFactorChallengeInvalid },
  })
  challenge!: string;
}

@ApiSchema({ name: 'TwoFactorDisableRequest' })
export class TwoFactorDisableBody extends TwoFactorProofBody implements TwoFactorDisableRequest {
  @CurrentPasswordField()
  password!: string;
}

@ApiSchema({ name: 'ReauthenticateRequest' })
export class ReauthenticateBody extends TwoFactorProofBody implements ReauthenticateRequest {
  @ApiPropertyOptional({ format: 'password', description: 'The password, when two-factor is off' })
  @IsOptional()
  @IsString({ message: 'Enter your password.', context: { code: ErrorCode.ValidationFailed } })
  @MaxLength(200, {
    message: 'Your current password is not correct.',
    context: { code: ErrorCode.WrongCurrentPassword },
  })
  password?: string;
}

@ApiSchema({ name: 'TwoFactorConfirmRequest' })
export class TwoFactorConfirmBody implements TwoFactorConfirmRequest {
  @CodeProperty(true)
  code!: string;
}

@ApiSchema({ name: 'TwoFactorChallenge' })
export class TwoFactorChallengeDto implements TwoFactorChallenge {
  @ApiProperty({ enum: [true] })
  twoFactorRequired!: true;
  @ApiProperty({ description: 'Single use; for POST /api/auth/login/two-factor' })
  challenge!: string;
  @ApiProperty({ type: 'integer', example: 300, description: 'Seconds the challenge stays valid' })
  expiresIn!: number;
}

/** POST /api/auth/login: tokens, or with two-factor on the challenge of the code step. */
export const LOGIN_RESPONSE_SCHEMA = {
  oneOf: [{ $ref: getSchemaPath(AuthResponseDto) }, { $ref: getSchemaPath(TwoFactorChallengeDto) }],
};

@ApiSchema({ name: 'TwoFactorStatus' })
export class TwoFactorStatusDto implements TwoFactorStatus {
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) enabledAt!: string | null;
  @ApiProperty({ type: 'integer', example: 10 }) recoveryCodesLeft!: number;
}

@ApiSchema({ name: 'TwoFactorEnrolment' })
export class TwoFactorEnrolmentDto implements TwoFactorEnrolment {
  @ApiProperty({
    description: 'Base32 secret, for typing into the app',
    example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  })
  secret!: string;
  @ApiProperty({ example: 'otpauth://totp/FXRates%20Pro:ada%40example.com?issuer=FXRates%20Pro&secret=…' })
  otpauthUri!: string;
  @ApiProperty({ description: 'The URI as a QR code: a data:image/svg+xml;base64 URL' })
  qrCode!: string;
}

@ApiSchema({ name: 'TwoFactorRecoveryCodes' })
export class TwoFactorRecoveryCodesDto implements TwoFactorRecoveryCodes {
  @ApiProperty({ format: 'date-time' }) enabledAt!: string;
  @ApiProperty({
    type: [String],
    description: 'Ten single-use codes, shown this once',
    example: ['k7m2p-x9qrt'],
  })
  recoveryCodes!: string[];
}
