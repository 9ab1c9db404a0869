import type { ApiKeyPage, ApiKeyStatus, ApiKeyView, CreatedApiKey } from '@fxrates/domain';
import type { ApiClient } from '@fxrates/web-kit';

export function listKeys(client: ApiClient, status: ApiKeyStatus): Promise<ApiKeyView[]> {
  return client.get<ApiKeyView[]>('/keys', { query: { status } });
}

/** A page of disabled keys, newest first: the first without `cursor`, then each page's `next`. */
export function listDisabledKeys(client: ApiClient, cursor?: string): Promise<ApiKeyPage> {
  return client.get<ApiKeyPage>('/keys/disabled', { query: { cursor } });
}

export function createKey(client: ApiClient, name: string): Promise<CreatedApiKey> {
  return client.post<CreatedApiKey>('/keys', { name });
}

export function disableKey(client: ApiClient, id: string): Promise<ApiKeyView> {
  return client.post<ApiKeyView>(`/keys/${encodeURIComponent(id)}/disable`);
}
