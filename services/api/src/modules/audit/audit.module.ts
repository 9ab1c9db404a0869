import { Global, Module } from '@nestjs/common';
import { AuthModule, SignInLog } from '../auth';
import { AuditController } from './audit.controller';
import { AuditLog } from './audit-log';
import { AuditService } from './audit.service';
import { AuditedSignIns } from './audited-sign-ins';

/**
 * The account's audit log: its writer (AuditLog) for the modules whose actions it records, and
 * GET /api/account/audit. Global, so that auth, which this module builds on, is given its
 * SignInLog without importing it back.
 */
@Global()
@Module({
  imports: [AuthModule],
  controllers: [AuditController],
  providers: [AuditLog, AuditService, { provide: SignInLog, useClass: AuditedSignIns }],
  exports: [AuditLog, SignInLog],
})
export class AuditModule {}
