import type { AuditEvent } from '@fxrates/db';
import type { AuditActor, AuditEventView } from '@fxrates/domain';
import { browserOf } from '../auth';

/** An event as the account's audit log shows it: the browser read from the User-Agent kept, never the header. */
export function toAuditEventView(event: AuditEvent): AuditEventView {
  const actor: AuditActor =
    event.actorType === 'user'
      ? { type: 'user', email: event.actorName }
      : { type: 'system', name: event.actorName };
  return {
    id: event.id,
    action: event.action,
    at: event.createdAt.toISOString(),
    actor,
    target:
      event.targetKeyId === null
        ? null
        : {
            type: 'api-key',
            id: event.targetKeyId,
            name: event.targetName ?? '',
            maskedKey: event.targetMaskedKey ?? '',
          },
    detail: event.detail,
    ip: event.ip,
    browser: event.userAgent === null ? null : browserOf(event.userAgent),
  };
}
