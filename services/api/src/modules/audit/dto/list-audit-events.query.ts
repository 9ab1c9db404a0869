import { PagedListQuery } from '../../../common/input';

export const AUDIT_PAGE_DEFAULT_LIMIT = 50;
export const AUDIT_PAGE_MAX_LIMIT = 100;

export class ListAuditEventsQuery extends PagedListQuery(
  'Events',
  AUDIT_PAGE_DEFAULT_LIMIT,
  AUDIT_PAGE_MAX_LIMIT,
) {}
