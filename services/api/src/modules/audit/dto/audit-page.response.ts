import {
  ApiExtraModels,
  ApiProperty,
  ApiSchema,
  getSchemaPath,
  type ApiPropertyOptions,
} from '@nestjs/swagger';
import {
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditActor,
  type AuditDetailValue,
  type AuditEventView,
  type AuditPage,
} from '@fxrates/domain';

@ApiSchema({ name: 'AuditUserActor' })
export class AuditUserActorDto {
  @ApiProperty({ enum: ['user'] }) type!: 'user';
  @ApiProperty({ description: "The user's email address at the time", example: 'ada@example.com' })
  email!: string;
}

@ApiSchema({ name: 'AuditSystemActor' })
export class AuditSystemActorDto {
  @ApiProperty({ enum: ['system'] }) type!: 'system';
  @ApiProperty({
    description: 'What acted on its own (PayPal’s events, scheduled changes)',
    example: 'PayPal',
  })
  name!: string;
}

/** The key an event concerns, or null. Inline, so `nullable` holds for the whole object. */
const TARGET_PROPERTY: ApiPropertyOptions = {
  type: 'object',
  nullable: true,
  description: 'The key concerned, named as it was then; null when none',
  required: ['type', 'id', 'name', 'maskedKey'],
  properties: {
    type: { type: 'string', enum: ['api-key'] },
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string', description: 'The key’s name at the time', example: 'Production server' },
    maskedKey: { type: 'string', example: 'fxrates_••••••••••••••••••••••••••••3f9a' },
  },
};

@ApiSchema({ name: 'AuditEvent' })
@ApiExtraModels(AuditUserActorDto, AuditSystemActorDto)
export class AuditEventDto implements AuditEventView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: [...AUDIT_ACTIONS] }) action!: AuditAction;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(AuditUserActorDto) }, { $ref: getSchemaPath(AuditSystemActorDto) }],
    description: 'Who did it: the account’s user, or the system acting on PayPal’s word',
  })
  actor!: AuditActor;
  @ApiProperty(TARGET_PROPERTY) target!: AuditEventView['target'];
  @ApiProperty({
    type: 'object',
    additionalProperties: {
      oneOf: [
        { type: 'string', nullable: true },
        { type: 'number' },
        { type: 'boolean' },
        { type: 'array', items: { type: 'string' } },
      ],
    },
    description: 'What changed: `from` and `to` of a plan change, the `changes` of a key restricted, …',
    example: { from: 'free', to: 'basic' },
  })
  detail!: Record<string, AuditDetailValue>;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The client address (behind a trusted proxy, the one it forwarded); null when none was recorded',
    example: '203.0.113.7',
  })
  ip!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The browser and system read from the User-Agent; null when none was recorded',
    example: 'Chrome 131 on macOS',
  })
  browser!: string | null;
}

@ApiSchema({ name: 'AuditPage' })
export class AuditPageDto implements AuditPage {
  @ApiProperty({ type: AuditEventDto, isArray: true, description: 'Newest first' }) data!: AuditEventDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Cursor of the next page (pass it as `cursor`), null on the last page',
    example: 'MTc2NDMzMjQwMDAwMC4wYjZjMWUyZC0zYTRiLTRjNWQtOGU3Zi05YTBiMWMyZDNmOWE',
  })
  next!: string | null;
}
