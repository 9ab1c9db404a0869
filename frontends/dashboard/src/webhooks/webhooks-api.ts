import type {
  CreatedWebhookEndpoint,
  WebhookDeliveryPage,
  WebhookDeliveryView,
  WebhookEndpointList,
  WebhookEndpointView,
  WebhookEventType,
} from '@fxrates/domain';
import type { ApiClient } from '@fxrates/web-kit';
import type { CreateWebhookRequest } from './webhook-form';

/** `PATCH /api/webhooks/:id`: what the body names changes, nothing else. */
export interface UpdateWebhookRequest {
  url?: string;
  description?: string;
  events?: WebhookEventType[];
  pairs?: string[];
  minChangePercent?: string;
  enabled?: boolean;
}

const endpointPath = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

export function listEndpoints(client: ApiClient): Promise<WebhookEndpointList> {
  return client.get<WebhookEndpointList>('/webhooks');
}

/** A new endpoint: its signing secret is in the answer, this once. */
export function createEndpoint(
  client: ApiClient,
  request: CreateWebhookRequest,
): Promise<CreatedWebhookEndpoint> {
  return client.post<CreatedWebhookEndpoint>('/webhooks', request);
}

export async function updateEndpoint(
  client: ApiClient,
  id: string,
  changes: UpdateWebhookRequest,
): Promise<WebhookEndpointView> {
  return (await client.patch<{ endpoint: WebhookEndpointView }>(endpointPath(id), changes)).endpoint;
}

export async function deleteEndpoint(client: ApiClient, id: string): Promise<void> {
  await client.request<unknown>({ method: 'DELETE', path: endpointPath(id) });
}

/** Queues a test event to the endpoint; answers its delivery, pending. */
export async function sendTestEvent(client: ApiClient, id: string): Promise<WebhookDeliveryView> {
  return (await client.post<{ delivery: WebhookDeliveryView }>(`${endpointPath(id)}/test`)).delivery;
}

/** A page of the endpoint's deliveries, newest first: the first without `cursor`, then each `nextCursor`. */
export function listDeliveries(
  client: ApiClient,
  id: string,
  cursor?: string | null,
): Promise<WebhookDeliveryPage> {
  return client.get<WebhookDeliveryPage>(`${endpointPath(id)}/deliveries`, { query: { cursor } });
}

/** Sends a delivery's event again as a new delivery; answers it, pending. */
export async function replayDelivery(
  client: ApiClient,
  id: string,
  deliveryId: string,
): Promise<WebhookDeliveryView> {
  const path = `${endpointPath(id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`;
  return (await client.post<{ delivery: WebhookDeliveryView }>(path)).delivery;
}
