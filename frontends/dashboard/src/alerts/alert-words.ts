import type { RateAlertChannel, RateAlertView, WebhookEndpointView } from '@fxrates/domain';
import { formatDateTime } from '@fxrates/web-kit';

/** The alerts page's words. */
export const ALERT_TEXTS = {
  title: 'Rate alerts',
  description: 'Hear by email or webhook when a pair crosses a level or moves fast.',
  limitNoun: { one: 'alert', many: 'alerts' },
  newButton: 'New alert',
  newTitle: 'New alert',
  atLimit: "Your plan's alerts are all in use. Delete one, or upgrade for more.",
  empty: 'No alerts yet. Create one to hear when a rate moves.',
  loadFailed: 'Failed to load rate alerts',
  createFailed: 'The alert could not be created. Try again.',
  updateFailed: 'The alert could not be changed. Try again.',
  deleteFailed: 'The alert could not be deleted. Try again.',
  deleteTitle: 'Delete this alert?',
  never: 'Never',
  noWebhook:
    'No enabled webhook endpoint receives alert.triggered yet. Add one, or subscribe one to alert.triggered, on the Webhooks page first.',
} as const;

export const CHANNEL_LABELS: Record<RateAlertChannel, string> = { email: 'Email', webhook: 'Webhook' };

type ConditionFields = Pick<
  RateAlertView,
  'base' | 'quote' | 'condition' | 'level' | 'changePercent' | 'windowMinutes'
>;

/** "EUR/USD above 1.10", "EUR/USD below 1.05", "GBP/USD moves 2 % in 60 min". */
export function conditionWords(alert: ConditionFields): string {
  const pair = `${alert.base}/${alert.quote}`;
  if (alert.condition === 'change')
    return `${pair} moves ${alert.changePercent} % in ${alert.windowMinutes} min`;
  return `${pair} ${alert.condition} ${alert.level}`;
}

/** How it re-arms: "Re-arms 0.5 % back, at most once every 60 min". */
export function rearmWords(alert: Pick<RateAlertView, 'hysteresisPercent' | 'cooldownMinutes'>): string {
  return `Re-arms ${alert.hysteresisPercent} % back, at most once every ${alert.cooldownMinutes} min`;
}

/** Its state: "Paused" over anything else, then "Triggered" or "Armed". */
export function stateWords(alert: Pick<RateAlertView, 'state' | 'paused'>): 'Paused' | 'Triggered' | 'Armed' {
  if (alert.paused) return 'Paused';
  return alert.state === 'triggered' ? 'Triggered' : 'Armed';
}

/** "December 2, 2026, 14:00 UTC at 1.1023", or "Never". */
export function lastTriggeredWords(
  alert: Pick<RateAlertView, 'lastTriggeredAt' | 'lastTriggeredRate'>,
): string {
  if (!alert.lastTriggeredAt) return ALERT_TEXTS.never;
  const when = formatDateTime(alert.lastTriggeredAt);
  return alert.lastTriggeredRate ? `${when} at ${alert.lastTriggeredRate}` : when;
}

/** True when an enabled endpoint would receive an alert sent by webhook. */
export function webhookReceivesAlerts(
  endpoints: readonly Pick<WebhookEndpointView, 'status' | 'events'>[],
): boolean {
  return endpoints.some(
    (endpoint) => endpoint.status === 'active' && endpoint.events.includes('alert.triggered'),
  );
}
