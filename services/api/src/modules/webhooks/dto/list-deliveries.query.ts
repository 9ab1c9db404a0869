import { PagedListQuery } from '../../../common/input';

export const DELIVERIES_PAGE_DEFAULT_LIMIT = 25;
export const DELIVERIES_PAGE_MAX_LIMIT = 100;

export class ListDeliveriesQuery extends PagedListQuery(
  'Deliveries',
  DELIVERIES_PAGE_DEFAULT_LIMIT,
  DELIVERIES_PAGE_MAX_LIMIT,
) {}
