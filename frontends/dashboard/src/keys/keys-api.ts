import type {
  ApiKeyPage,
  ApiKeyStatus,
  ApiKeyView,
  CreateApiKeyRequest,
  CreatedApiKey,
  RollApiKeyRequest,
  UpdateApiKeyRequest,
} from '@fxrates/domain';
import type { ApiClient } from '@fxrates/web-kit';

const keyPath = (id: string) => `/keys/${encodeURIComponent(id)}`;

export function listKeys(client: ApiClient, status: ApiKeyStatus): Promise<ApiKeyView[]> {
  return client.get<ApiKeyView[]>('/keys', { query: { status } });
}

/** A page of disabled keys, newest first: the first without `cursor`, then each page's `next`. */
export function listDisabledKeys(client: ApiClient, cursor?: string): Promise<ApiKeyPage> {
  return client.get<ApiKeyPage>('/keys/disabled', { query: { cursor } });
}

/** A new key: its full secret is in the answer, this once. */
export function createKey(client: ApiClient, request: CreateApiKeyRequest): Promise<CreatedApiKey> {
  return client.post<CreatedApiKey>('/keys', request);
}

/** Changes what the body names (name, scopes, restrictions), nothing else. */
export function updateKey(client: ApiClient, id: string, changes: UpdateApiKeyRequest): Promise<ApiKeyView> {
  return client.patch<ApiKeyView>(keyPath(id), changes);
}

/** A new secret for the key (shown this once); the current one keeps working for the overlap. */
export function rollKey(client: ApiClient, id: string, request: RollApiKeyRequest): Promise<CreatedApiKey> {
  return client.post<CreatedApiKey>(`${keyPath(id)}/roll`, request);
}

export function disableKey(client: ApiClient, id: string): Promise<ApiKeyView> {
  return client.post<ApiKeyView>(`${keyPath(id)}/disable`);
}
