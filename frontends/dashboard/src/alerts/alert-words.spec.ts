import type { RateAlertView } from '@fxrates/domain';
import {
  conditionWords,
  lastTriggeredWords,
  rearmWords,
  stateWords,
  webhookReceivesAlerts,
} from './alert-words';

const alert = (overrides: Partial<RateAlertView>): RateAlertView => ({
  id: 'a1',
  base: 'EUR',
  quote: 'USD',
  condition: 'above',
  level: '1.10',
  changePercent: null,
  windowMinutes: null,
  hysteresisPercent: '0.5',
  cooldownMinutes: 60,
  channel: 'email',
  state: 'armed',
  paused: false,
  lastTriggeredAt: null,
  lastTriggeredRate: null,
  createdAt: '2026-12-01T00:00:00.000Z',
  ...overrides,
});

describe('a rate alert in words', () => {
  it('says a level condition as the pair, above or below, and the level as given', () => {
    expect(conditionWords(alert({}))).toBe('EUR/USD above 1.10');
    expect(conditionWords(alert({ base: 'USD', quote: 'JPY', condition: 'below', level: '140.5' }))).toBe(
      'USD/JPY below 140.5',
    );
  });

  it('says a change condition as the move in percent over the window in minutes', () => {
    expect(
      conditionWords(
        alert({ base: 'GBP', condition: 'change', level: null, changePercent: '2', windowMinutes: 60 }),
      ),
    ).toBe('GBP/USD moves 2 % in 60 min');
  });

  it('says how it re-arms', () => {
    expect(rearmWords(alert({ hysteresisPercent: '0.25', cooldownMinutes: 15 }))).toBe(
      'Re-arms 0.25 % back, at most once every 15 min',
    );
  });

  it('says its state, paused over armed or triggered', () => {
    expect(stateWords(alert({}))).toBe('Armed');
    expect(stateWords(alert({ state: 'triggered' }))).toBe('Triggered');
    expect(stateWords(alert({ state: 'triggered', paused: true }))).toBe('Paused');
  });

  it('says when it last fired, in UTC, with the rate that fired it', () => {
    expect(lastTriggeredWords(alert({}))).toBe('Never');
    expect(
      lastTriggeredWords(alert({ lastTriggeredAt: '2026-12-02T14:00:00.000Z', lastTriggeredRate: '1.1012' })),
    ).toBe('December 2, 2026, 14:00 UTC at 1.1012');
    expect(lastTriggeredWords(alert({ lastTriggeredAt: '2026-12-02T14:00:00.000Z' }))).toBe(
      'December 2, 2026, 14:00 UTC',
    );
  });

  it('knows whether an enabled endpoint would receive a webhook alert', () => {
    expect(webhookReceivesAlerts([])).toBe(false);
    expect(webhookReceivesAlerts([{ status: 'active', events: ['rates.published'] }])).toBe(false);
    expect(webhookReceivesAlerts([{ status: 'disabled', events: ['alert.triggered'] }])).toBe(false);
    expect(
      webhookReceivesAlerts([
        { status: 'disabled', events: ['alert.triggered'] },
        { status: 'active', events: ['quota.threshold', 'alert.triggered'] },
      ]),
    ).toBe(true);
  });
});
