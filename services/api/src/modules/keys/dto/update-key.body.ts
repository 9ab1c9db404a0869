import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { KEY_NAME_MAX_LENGTH, type UpdateApiKeyRequest } from '@fxrates/domain';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { trimmed } from '../../auth';
import { KeyRestrictionsFields } from './key-restrictions.fields';

/** Only what is sent changes; a key's kind never does (create another key instead). */
@ApiSchema({ name: 'UpdateApiKeyRequest' })
export class UpdateKeyBody extends KeyRestrictionsFields implements UpdateApiKeyRequest {
  @ApiPropertyOptional({ example: 'Production server', minLength: 1, maxLength: KEY_NAME_MAX_LENGTH })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Give the key a name.' })
  @MinLength(1, { message: 'Give the key a name.' })
  @MaxLength(KEY_NAME_MAX_LENGTH, { message: `A key name has at most ${KEY_NAME_MAX_LENGTH} characters.` })
  name?: string;
}
