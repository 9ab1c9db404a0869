import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { ApiKeyPage, ApiKeyStatus, ApiKeyView, CreatedApiKey } from '@fxrates/domain';

@ApiSchema({ name: 'ApiKey' })
export class ApiKeyDto implements ApiKeyView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Production server' }) name!: string;
  @ApiProperty({ example: 'fxrates_••••••••••••••••••••••••••••3f9a' }) maskedKey!: string;
  @ApiProperty({ enum: ['active', 'disabled'] }) status!: ApiKeyStatus;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) disabledAt!: string | null;
  @ApiProperty({ type: 'integer', minimum: 0, example: 0 }) totalRequests!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastUsed!: string | null;
}

@ApiSchema({ name: 'CreatedApiKey' })
export class CreatedApiKeyDto extends ApiKeyDto implements CreatedApiKey {
  @ApiProperty({ example: 'fxrates_0f8b6c1e2d3a4b5c6d7e8f9a0b1c3f9a', description: 'Shown this once only' })
  key!: string;
}

@ApiSchema({ name: 'ApiKeyPage' })
export class ApiKeyPageDto implements ApiKeyPage {
  @ApiProperty({ type: ApiKeyDto, isArray: true, description: 'Newest first' }) data!: ApiKeyDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Cursor of the next page (pass it as `cursor`), null on the last page',
    example: 'MTc2NDMzMjQwMDAwMC4wYjZjMWUyZC0zYTRiLTRjNWQtOGU3Zi05YTBiMWMyZDNmOWE',
  })
  next!: string | null;
}
