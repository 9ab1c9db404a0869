import { PAYMENTS_PAGE_DEFAULT_LIMIT, PAYMENTS_PAGE_MAX_LIMIT } from '@fxrates/domain';
import { PagedListQuery } from '../../../common/input';

export class ListPaymentsQuery extends PagedListQuery(
  'Payments',
  PAYMENTS_PAGE_DEFAULT_LIMIT,
  PAYMENTS_PAGE_MAX_LIMIT,
) {}
