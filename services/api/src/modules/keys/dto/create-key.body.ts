import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { KEY_NAME_MAX_LENGTH } from '@fxrates/domain';
import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { trimmed } from '../../auth';

@ApiSchema({ name: 'CreateApiKeyRequest' })
export class CreateKeyBody {
  @ApiProperty({ example: 'Production server', minLength: 1, maxLength: KEY_NAME_MAX_LENGTH })
  @Transform(trimmed)
  @IsString({ message: 'Give the key a name.' })
  @MinLength(1, { message: 'Give the key a name.' })
  @MaxLength(KEY_NAME_MAX_LENGTH, { message: `A key name has at most ${KEY_NAME_MAX_LENGTH} characters.` })
  name!: string;
}
