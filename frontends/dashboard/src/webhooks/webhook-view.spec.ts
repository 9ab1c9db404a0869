import type { WebhookDeliveryView } from '@fxrates/domain';
import {
  anyPending,
  attemptsText,
  deliveryOutcome,
  deliveryTimes,
  endpointEventLines,
  endpointStatusText,
  mergeDeliveries,
} from './webhook-view';

const delivery = (id: string, overrides: Partial<WebhookDeliveryView> = {}): WebhookDeliveryView => ({
  id,
  eventId: `evt_${id}`,
  type: 'rates.published',
  status: 'delivered',
  attempts: 1,
  lastStatus: 200,
  lastError: null,
  createdAt: '2026-12-02T14:00:00.000Z',
  deliveredAt: '2026-12-02T14:00:01.000Z',
  nextAttemptAt: null,
  replayOf: null,
  ...overrides,
});

describe('an endpoint as its row shows it', () => {
  it('says its status, and why a disabled one is', () => {
    expect(endpointStatusText({ status: 'active', disabledReason: null })).toEqual({
      label: 'Active',
      reason: null,
    });
    expect(
      endpointStatusText({
        status: 'disabled',
        disabledReason: 'Disabled after 5 days of failed deliveries',
      }),
    ).toEqual({ label: 'Disabled', reason: 'Disabled after 5 days of failed deliveries' });
  });

  it('lists its events, rate.changed with its pairs and minimum change', () => {
    expect(
      endpointEventLines({
        events: ['rates.published', 'rate.changed'],
        pairs: ['EUR/USD', 'GBP/USD'],
        minChangePercent: '0.5',
      }),
    ).toEqual(['rates.published', 'rate.changed (EUR/USD, GBP/USD; at least 0.5 %)']);
    expect(endpointEventLines({ events: ['rate.changed'], pairs: [], minChangePercent: '0.1' })).toEqual([
      'rate.changed (no pairs; at least 0.1 %)',
    ]);
  });
});

describe('a delivery as the log shows it', () => {
  it('says what the last attempt got', () => {
    expect(deliveryOutcome(delivery('d1'))).toBe('HTTP 200');
    expect(deliveryOutcome(delivery('d1', { lastStatus: 500, lastError: 'server error' }))).toBe(
      'HTTP 500: server error',
    );
    expect(deliveryOutcome(delivery('d1', { lastStatus: null, lastError: 'timeout' }))).toBe('timeout');
    expect(deliveryOutcome(delivery('d1', { attempts: 0, lastStatus: null }))).toBe('No attempt yet');
    expect(deliveryOutcome(delivery('d1', { attempts: 2, lastStatus: null }))).toBe('No answer');
    expect(attemptsText(1)).toBe('1 attempt');
    expect(attemptsText(3)).toBe('3 attempts');
  });

  it('lists when it was made, then when it was delivered or will be tried again', () => {
    expect(deliveryTimes(delivery('d1'))).toEqual([
      'Created December 2, 2026, 14:00 UTC',
      'Delivered December 2, 2026, 14:00 UTC',
    ]);
    expect(
      deliveryTimes(
        delivery('d1', { deliveredAt: null, nextAttemptAt: '2026-12-02T14:05:00.000Z', status: 'pending' }),
      ),
    ).toEqual(['Created December 2, 2026, 14:00 UTC', 'Next attempt December 2, 2026, 14:05 UTC']);
    expect(deliveryTimes(delivery('d1', { deliveredAt: null, status: 'failed' }))).toEqual([
      'Created December 2, 2026, 14:00 UTC',
    ]);
  });

  it('puts a fresh first page on top, replacing the rows it holds, and keeps the older pages below', () => {
    const shown = [delivery('d3', { status: 'pending' }), delivery('d2'), delivery('d1')];
    const fresh = [delivery('d4', { status: 'pending' }), delivery('d3')];
    expect(mergeDeliveries(shown, fresh).map((row) => [row.id, row.status])).toEqual([
      ['d4', 'pending'],
      ['d3', 'delivered'],
      ['d2', 'delivered'],
      ['d1', 'delivered'],
    ]);
    expect(anyPending(shown)).toBe(true);
    expect(anyPending(mergeDeliveries(shown, [delivery('d3')]))).toBe(false);
  });
});
