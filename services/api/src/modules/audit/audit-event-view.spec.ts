import { AuditEvent } from '@fxrates/db';
import { toAuditEventView } from './audit-event-view';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const stored = (fields: Partial<AuditEvent>): AuditEvent =>
  Object.assign(new AuditEvent(), {
    id: '6f1f0a8e-2c4b-4d7e-9a3b-1c2d3e4f5a6b',
    action: 'signed-in',
    actorType: 'user',
    actorName: 'ada@example.test',
    createdAt: new Date('2026-11-30T10:00:00.000Z'),
    ...fields,
  });

describe('toAuditEventView', () => {
  it('shows a user’s sign-in with the browser read from the User-Agent, never the header itself', () => {
    const view = toAuditEventView(stored({ ip: '203.0.113.9', userAgent: CHROME_MAC }));
    expect(view).toEqual({
      id: '6f1f0a8e-2c4b-4d7e-9a3b-1c2d3e4f5a6b',
      action: 'signed-in',
      at: '2026-11-30T10:00:00.000Z',
      actor: { type: 'user', email: 'ada@example.test' },
      target: null,
      detail: {},
      ip: '203.0.113.9',
      browser: 'Chrome 131 on macOS',
    });
  });

  it('shows what the system did as the system’s, from no address and no browser', () => {
    const view = toAuditEventView(
      stored({
        action: 'plan.changed',
        actorType: 'system',
        actorName: 'PayPal',
        detail: { from: 'basic', to: 'free' },
      }),
    );
    expect(view).toMatchObject({
      actor: { type: 'system', name: 'PayPal' },
      detail: { from: 'basic', to: 'free' },
      ip: null,
      browser: null,
    });
  });

  it('names the key an event concerns as it was then; a User-Agent that names no browser says so', () => {
    const view = toAuditEventView(
      stored({
        action: 'key.disabled',
        targetKeyId: '0b6c1e2d-3a4b-4c5d-8e7f-9a0b1c2d3f9a',
        targetName: 'Production',
        targetMaskedKey: 'fxrates_••••3f9a',
        userAgent: 'curl/8.5.0',
      }),
    );
    expect(view.target).toEqual({
      type: 'api-key',
      id: '0b6c1e2d-3a4b-4c5d-8e7f-9a0b1c2d3f9a',
      name: 'Production',
      maskedKey: 'fxrates_••••3f9a',
    });
    expect(view.browser).toBe('Unknown browser');
  });
});
