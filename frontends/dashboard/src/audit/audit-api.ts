import type { AuditPage } from '@fxrates/domain';
import type { ApiClient } from '@fxrates/web-kit';
import { AUDIT_API, AUDIT_PAGE_SIZE } from './audit-view';

/** A page of the account's audit log, newest first: the first without `cursor`, then each page's `next`. */
export function loadAuditPage(client: ApiClient, cursor: string | null): Promise<AuditPage> {
  return client.get<AuditPage>(AUDIT_API.list, { query: { limit: AUDIT_PAGE_SIZE, cursor } });
}
