import type { AccountUsage } from '@fxrates/domain';
import type { ApiClient } from '@fxrates/web-kit';

export function loadUsage(client: ApiClient): Promise<AccountUsage> {
  return client.get<AccountUsage>('/usage');
}
