import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { AuthResponse, CurrentUser } from '@fxrates/domain';

@ApiSchema({ name: 'CurrentUser' })
export class CurrentUserDto implements CurrentUser {
  @ApiProperty({ format: 'uuid' }) uid!: string;
  @ApiProperty({ example: 'ada@example.com' }) email!: string;
  @ApiProperty({ example: 'Ada Lovelace' }) displayName!: string;
  @ApiProperty({
    example: false,
    description:
      'Whether the address is proved (the link of the verification email). Until then no API key can be created and no mail but the verification is sent.',
  })
  emailVerified!: boolean;
}

@ApiSchema({ name: 'AuthResponse' })
export class AuthResponseDto implements AuthResponse {
  @ApiProperty({ type: CurrentUserDto }) user!: CurrentUserDto;
  @ApiProperty({ description: 'JWT access token (HS256, 15 minutes); send as Authorization: Bearer' })
  accessToken!: string;
  @ApiProperty({ type: 'integer', example: 900, description: 'Seconds until the access token expires' })
  expiresIn!: number;
}
