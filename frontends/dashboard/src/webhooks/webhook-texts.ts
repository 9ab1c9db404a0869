import type { WebhookDeliveryStatus, WebhookEventType } from '@fxrates/domain';

/** The webhooks page's words. */
export const WEBHOOK_TEXTS = {
  title: 'Webhooks',
  description: 'Rates, alerts and quota warnings sent to your servers as they happen, signed with a secret.',
  limitNoun: { one: 'endpoint', many: 'endpoints' },
  addButton: 'Add endpoint',
  addTitle: 'Add endpoint',
  atLimit: "Your plan's endpoints are all in use. Delete one, or upgrade for more.",
  empty: 'No endpoints yet. Add one to receive events.',
  loadFailed: 'Failed to load webhook endpoints',
  createFailed: 'The endpoint could not be added. Try again.',
  updateFailed: 'The endpoint could not be changed. Try again.',
  deleteFailed: 'The endpoint could not be deleted. Try again.',
  testFailed: 'The test event could not be sent. Try again.',
  testQueued: 'Test event queued: it shows in the delivery log below.',
  secretTitle: 'Your signing secret',
  shownOnce:
    'Copy this signing secret now. It will not be shown again. Use it to check the webhook-signature header of each delivery.',
  copySecret: 'Copy secret',
  copiedQuestion: 'Have you copied your signing secret? You will not be able to see it again.',
  deleteTitle: 'Delete this endpoint?',
  deliveriesTitle: 'Delivery log',
  deliveriesEmpty: 'No deliveries yet. Send a test event to try the endpoint.',
  deliveriesFailed: 'Failed to load the delivery log',
  moreFailed: 'Failed to load older deliveries',
  replayFailed: 'The delivery could not be replayed. Try again.',
  loadMore: 'Load more',
  urlLabel: 'Endpoint URL',
  urlDescription: 'Where we POST each event, as JSON: an https:// address on the internet.',
  descriptionLabel: 'Description (optional)',
  eventsLabel: 'Events',
  pairsLabel: 'Pairs to watch',
  pairsDescription: 'rate.changed is sent for these pairs only.',
  minChangeLabel: 'Minimum change (%)',
  minChangeDescription: 'rate.changed is sent when a pair moves at least this much since the last one sent.',
} as const;

/** Each event type, and when it is sent, as the add dialog offers them. */
export const EVENT_CHOICES: Record<WebhookEventType, string> = {
  'rates.published': 'Each time a new rates table is published',
  'rate.changed': 'A watched pair moved by at least the minimum change',
  'alert.triggered': 'One of your rate alerts fired (alerts with the webhook channel)',
  'quota.threshold': 'Your monthly quota reached 75 %, 90 % or 100 %',
  'fixing.published': 'A signed FXRates fixing was frozen at one of our cuts',
};

export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/**
 * Each status's badge. Light badges write in the colour's shade 9 on its shade 1: brand and cyan read
 * at 4.5:1 or more (teal and yellow do not); a failure is white on red 9 (5.4:1).
 */
export const DELIVERY_STATUS_BADGES: Record<
  WebhookDeliveryStatus,
  { color: string; variant: 'light' | 'filled' }
> = {
  pending: { color: 'cyan', variant: 'light' },
  delivered: { color: 'brand', variant: 'light' },
  failed: { color: 'red.9', variant: 'filled' },
};
