import type { CreateRateAlert, RateAlertChannel, RateAlertList, RateAlertView } from '@fxrates/domain';
import type { ApiClient } from '@fxrates/web-kit';

/** `PATCH /api/alerts/:id`: what the body names changes, nothing else. */
export interface UpdateRateAlert {
  paused?: boolean;
  level?: string;
  changePercent?: string;
  windowMinutes?: number;
  hysteresisPercent?: string;
  cooldownMinutes?: number;
  channel?: RateAlertChannel;
}

const alertPath = (id: string) => `/alerts/${encodeURIComponent(id)}`;

export function listAlerts(client: ApiClient): Promise<RateAlertList> {
  return client.get<RateAlertList>('/alerts');
}

export async function createAlert(client: ApiClient, request: CreateRateAlert): Promise<RateAlertView> {
  return (await client.post<{ alert: RateAlertView }>('/alerts', request)).alert;
}

export async function updateAlert(
  client: ApiClient,
  id: string,
  changes: UpdateRateAlert,
): Promise<RateAlertView> {
  return (await client.patch<{ alert: RateAlertView }>(alertPath(id), changes)).alert;
}

export async function deleteAlert(client: ApiClient, id: string): Promise<void> {
  await client.request<unknown>({ method: 'DELETE', path: alertPath(id) });
}
