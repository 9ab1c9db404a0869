import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { AccountExport } from '@fxrates/domain';
import { AuditEventDto } from '../../audit';

const ROWS = { type: 'array', items: { type: 'object', additionalProperties: true } } as const;

/** The file "Export my data" downloads: the stored rows of each kind, column names in camelCase. */
@ApiSchema({ name: 'AccountExport' })
export class AccountExportDto implements AccountExport {
  @ApiProperty({ enum: ['fxrates-account-export/1'] }) format!: 'fxrates-account-export/1';
  @ApiProperty({ format: 'date-time' }) exportedAt!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The account: email, names, company, plan, dates, quota alert settings',
  })
  profile!: Record<string, unknown>;
  @ApiProperty(ROWS) subscriptions!: Record<string, unknown>[];
  @ApiProperty({ ...ROWS, description: 'Name, prefix, last 4, created, last used, status: never the key' })
  apiKeys!: Record<string, unknown>[];
  @ApiProperty({ ...ROWS, description: 'Calls per key and day' }) usage!: Record<string, unknown>[];
  @ApiProperty(ROWS) payments!: Record<string, unknown>[];
  @ApiProperty({ ...ROWS, description: "Sent from the account's verified address (now or before a change)" })
  contactMessages!: Record<string, unknown>[];
  @ApiProperty(ROWS) quotaAlerts!: Record<string, unknown>[];
  @ApiProperty(ROWS) emailChanges!: Record<string, unknown>[];
  @ApiProperty(ROWS) emailVerifications!: Record<string, unknown>[];
  @ApiProperty(ROWS) passwordResets!: Record<string, unknown>[];
  @ApiProperty({ ...ROWS, description: 'Sign-ins (refresh token families): created, expiry, revoked' })
  sessions!: Record<string, unknown>[];
  @ApiProperty({ type: AuditEventDto, isArray: true, description: 'The audit log, newest first' })
  auditLog!: AuditEventDto[];
}
