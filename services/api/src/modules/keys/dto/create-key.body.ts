import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  API_KEY_KINDS,
  KEY_NAME_MAX_LENGTH,
  type ApiKeyKind,
  type CreateApiKeyRequest,
} from '@fxrates/domain';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { trimmed } from '../../auth';
import { KeyRestrictionsFields } from './key-restrictions.fields';

@ApiSchema({ name: 'CreateApiKeyRequest' })
export class CreateKeyBody extends KeyRestrictionsFields implements CreateApiKeyRequest {
  @ApiProperty({ example: 'Production server', minLength: 1, maxLength: KEY_NAME_MAX_LENGTH })
  @Transform(trimmed)
  @IsString({ message: 'Give the key a name.' })
  @MinLength(1, { message: 'Give the key a name.' })
  @MaxLength(KEY_NAME_MAX_LENGTH, { message: `A key name has at most ${KEY_NAME_MAX_LENGTH} characters.` })
  name!: string;

  @ApiPropertyOptional({
    enum: API_KEY_KINDS,
    default: 'secret',
    description:
      '`secret` (fxrates_…) for servers; `publishable` (fxrates_pk_…) for web pages: read-only scopes, allowed origins, half the burst; `test` (fxrates_test_…): the bundled snapshot, unmetered, the Free burst.',
  })
  @IsOptional()
  @IsIn(API_KEY_KINDS, { message: `kind is one of ${API_KEY_KINDS.join(', ')}.` })
  kind?: ApiKeyKind;
}
