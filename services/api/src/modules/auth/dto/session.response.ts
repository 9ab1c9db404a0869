import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { SessionResponse } from '@fxrates/domain';

@ApiSchema({ name: 'Session' })
export class SessionResponseDto implements SessionResponse {
  @ApiProperty({
    example: 'q0bF4l3o2m7yN9x1D8cVt6ZkRr5sWu2HjA3eGp0iLzM',
    description: 'Send it in X-Session-Token',
  })
  sessionToken!: string;
  @ApiProperty({
    format: 'date-time',
    example: '2026-11-22T18:00:00.000Z',
    description: '12 hours after creation',
  })
  expiresAt!: string;
}
