import { ApiPropertyOptional } from '@nestjs/swagger';
import type { ApiKeyStatus } from '@fxrates/domain';
import { IsIn, IsOptional } from 'class-validator';

export class ListKeysQuery {
  @ApiPropertyOptional({ enum: ['active', 'disabled'], default: 'active' })
  @IsOptional()
  @IsIn(['active', 'disabled'], { message: 'status must be active or disabled.' })
  status?: ApiKeyStatus;
}
