import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  API_KEY_KINDS,
  API_KEY_SCOPES,
  type ApiKeyKind,
  type ApiKeyPage,
  type ApiKeyScope,
  type ApiKeyStatus,
  type ApiKeyView,
  type CreatedApiKey,
  type RetiringSecret,
} from '@fxrates/domain';

@ApiSchema({ name: 'ApiKey' })
export class ApiKeyDto implements ApiKeyView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Production server' }) name!: string;
  @ApiProperty({ enum: API_KEY_KINDS }) kind!: ApiKeyKind;
  @ApiProperty({ example: 'fxrates_••••••••••••••••••••••••••••3f9a' }) maskedKey!: string;
  @ApiProperty({ enum: ['active', 'disabled'] }) status!: ApiKeyStatus;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) disabledAt!: string | null;
  @ApiProperty({ type: 'integer', minimum: 0, example: 0 }) totalRequests!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastUsed!: string | null;
  @ApiProperty({ type: [String], enum: API_KEY_SCOPES }) scopes!: ApiKeyScope[];
  @ApiProperty({ type: [String], example: ['203.0.113.0/24'], description: 'Empty: any address' })
  allowedNetworks!: string[];
  @ApiProperty({ type: [String], example: [], description: 'Publishable keys: the origins they answer' })
  allowedOrigins!: string[];
  @ApiProperty({ type: 'integer', nullable: true, example: null }) monthlyCap!: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expiresAt!: string | null;
  @ApiProperty({
    type: 'object',
    nullable: true,
    description: 'After a roll with an overlap: the previous secret, until it stops working; null otherwise',
    required: ['maskedKey', 'retiresAt'],
    properties: {
      maskedKey: { type: 'string', example: 'fxrates_••••••••••••••••••••••••••••7c21' },
      retiresAt: {
        type: 'string',
        format: 'date-time',
        description: 'When the previous secret stops working (401 `api-key-rolled`)',
      },
    },
  })
  retiring!: RetiringSecret | null;
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
