import { KEYS_PAGE_DEFAULT_LIMIT, KEYS_PAGE_MAX_LIMIT } from '@fxrates/domain';
import { PagedListQuery } from '../../../common/input';

export class ListDisabledKeysQuery extends PagedListQuery(
  'Keys',
  KEYS_PAGE_DEFAULT_LIMIT,
  KEYS_PAGE_MAX_LIMIT,
) {}
