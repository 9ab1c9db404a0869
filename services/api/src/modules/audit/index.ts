/**
 * The account's audit log: AuditLog records an event (in the caller's transaction, or on its own),
 * @RequestOrigin() gives a handler the address and browser to record, toAuditEventView and
 * AuditEventDto show and document an event as GET /api/account/audit and the account export list it.
 */
export { AuditModule } from './audit.module';
export { AuditLog, type AuditRecord } from './audit-log';
export { RequestOrigin, originOf, type ClientOrigin } from './request-origin';
export { toAuditEventView } from './audit-event-view';
export { AuditEventDto } from './dto/audit-page.response';
