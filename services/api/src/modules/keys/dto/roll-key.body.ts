import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { MAX_KEY_OVERLAP_HOURS, type RollApiKeyRequest } from '@fxrates/domain';
import { IsInt, Max, Min } from 'class-validator';

@ApiSchema({ name: 'RollApiKeyRequest' })
export class RollKeyBody implements RollApiKeyRequest {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: MAX_KEY_OVERLAP_HOURS,
    example: 24,
    description:
      'Hours the current secret keeps working beside the new one (0: it stops at once; at most 7 days).',
  })
  @IsInt({ message: 'overlapHours is a whole number of hours from 0 to 168.' })
  @Min(0, { message: 'overlapHours is a whole number of hours from 0 to 168.' })
  @Max(MAX_KEY_OVERLAP_HOURS, { message: 'overlapHours is at most 168 (7 days).' })
  overlapHours!: number;
}
