import type { AuditEventView } from '@fxrates/domain';
import { auditActorText, auditEventText, auditRowView } from './audit-view';

const KEY = {
  type: 'api-key' as const,
  id: '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f',
  name: 'Production',
  maskedKey: 'fxrates_••••3f9a',
};

const EVENT: AuditEventView = {
  id: 'e1',
  action: 'key.created',
  at: '2026-11-29T11:55:00.000Z',
  actor: { type: 'user', email: 'ada@example.test' },
  target: KEY,
  detail: {},
  ip: '203.0.113.7',
  browser: 'Chrome 131 on macOS',
};

describe('auditEventText', () => {
  it.each([
    ['key.created', {}, 'Key created'],
    ['key.disabled', {}, 'Key deactivated'],
    ['signed-in', {}, 'Signed in'],
    ['key.rolled', {}, 'Key rolled'],
    ['key.rolled', { overlapHours: 24 }, 'Key rolled; the previous secret kept working for 24 hours'],
    ['key.rolled', { overlapHours: 1 }, 'Key rolled; the previous secret kept working for 1 hour'],
    ['key.rolled', { overlapHours: 0 }, 'Key rolled; the previous secret stopped at once'],
  ] as const)('says %s (%j) as "%s"', (action, detail, expected) => {
    expect(auditEventText({ action, detail })).toBe(expected);
  });

  it('names which restrictions of a key changed, in words', () => {
    expect(
      auditEventText({
        action: 'key.restricted',
        detail: {
          changes: ['scopes', 'allowedNetworks', 'allowedOrigins', 'monthlyCap', 'expiresAt', 'name'],
        },
      }),
    ).toBe('Key restrictions changed: scopes, IP allow-list, allowed origins, monthly cap, expiry, name');
    expect(auditEventText({ action: 'key.restricted', detail: {} })).toBe('Key restrictions changed');
  });

  it('names the plans a change went from and to, by their names', () => {
    expect(auditEventText({ action: 'plan.changed', detail: { from: 'free', to: 'professional' } })).toBe(
      'Plan changed from Free to Professional',
    );
    expect(auditEventText({ action: 'plan.changed', detail: { previousPlan: 'basic', plan: 'free' } })).toBe(
      'Plan changed from Basic to Free',
    );
    expect(auditEventText({ action: 'plan.changed', detail: { plan: 'enterprise' } })).toBe(
      'Plan changed to Enterprise',
    );
    expect(auditEventText({ action: 'plan.changed', detail: {} })).toBe('Plan changed');
  });

  it('still shows an action added to the API after this build', () => {
    expect(auditEventText({ action: 'webhook.created' as AuditEventView['action'], detail: {} })).toBe(
      'Webhook created',
    );
  });
});

describe('auditRowView', () => {
  it('shows when (the instant kept for its title), what, which key, who and from where', () => {
    expect(auditRowView(EVENT, 'UTC')).toEqual({
      id: 'e1',
      when: 'November 29, 2026, 11:55 UTC',
      at: '2026-11-29T11:55:00.000Z',
      event: 'Key created',
      key: { name: 'Production', maskedKey: 'fxrates_••••3f9a' },
      who: 'ada@example.test',
      from: { ip: '203.0.113.7', browser: 'Chrome 131 on macOS' },
    });
  });

  it('writes the time in the time zone it is given', () => {
    expect(auditRowView(EVENT, 'America/New_York').when).toBe('November 29, 2026, 06:55 EST');
  });

  it('shows PayPal acting for the system, from nowhere in particular, about no key', () => {
    const row = auditRowView(
      {
        ...EVENT,
        action: 'plan.changed',
        actor: { type: 'system', name: 'PayPal' },
        target: null,
        detail: { from: 'professional', to: 'free' },
        ip: null,
        browser: null,
      },
      'UTC',
    );
    expect(row).toMatchObject({ who: 'PayPal', key: null, from: null });
    expect(auditActorText({ type: 'user', email: 'bo@example.test' })).toBe('bo@example.test');
  });

  it('shows an address without a browser when the browser is not known', () => {
    expect(auditRowView({ ...EVENT, browser: null }).from).toEqual({ ip: '203.0.113.7', browser: null });
  });
});
