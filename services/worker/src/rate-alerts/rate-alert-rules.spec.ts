import { RateDecimal } from '@fxrates/rates';
import { changePercentOf, decide, type AlertRule } from './rate-alert-rules';

const at = new Date('2026-12-01T10:00:00Z');
const rate = (value: string) => new RateDecimal(value);
const above = (overrides: Partial<AlertRule> = {}): AlertRule => ({
  condition: 'above',
  level: '1.10',
  changePercent: null,
  hysteresisPercent: '1',
  cooldownMinutes: 0,
  state: 'armed',
  lastTriggeredAt: null,
  ...overrides,
});

describe('rate alert rules', () => {
  it('fires an armed "above" only past the level, exactly (1.1000 is not above 1.10)', () => {
    expect(decide(above(), rate('1.09'), null, at)).toBe('none');
    expect(decide(above(), rate('1.1000'), null, at)).toBe('none');
    expect(decide(above(), rate('1.1001'), null, at)).toBe('fire');
  });

  it('keeps a triggered "above" quiet until the rate is at or under level minus the hysteresis', () => {
    const triggered = above({ state: 'triggered', lastTriggeredAt: at });
    expect(decide(triggered, rate('1.12'), null, at)).toBe('none');
    expect(decide(triggered, rate('1.0901'), null, at)).toBe('none'); // 1.10 × 0.99 = 1.089
    expect(decide(triggered, rate('1.089'), null, at)).toBe('rearm');
  });

  it('holds an armed alert in its cooldown, then fires', () => {
    const rule = above({ cooldownMinutes: 30, lastTriggeredAt: new Date(at.getTime() - 29 * 60_000) });
    expect(decide(rule, rate('1.11'), null, at)).toBe('none');
    expect(decide(rule, rate('1.11'), null, new Date(at.getTime() + 60_000))).toBe('fire');
  });

  it('"below" mirrors "above"', () => {
    const rule = above({ condition: 'below', level: '0.90' });
    expect(decide(rule, rate('0.90'), null, at)).toBe('none');
    expect(decide(rule, rate('0.8999'), null, at)).toBe('fire');
    const triggered = { ...rule, state: 'triggered' as const };
    expect(decide(triggered, rate('0.9089'), null, at)).toBe('none');
    expect(decide(triggered, rate('0.909'), null, at)).toBe('rearm');
  });

  it('"change" fires on a move of N % either way, and waits for history', () => {
    const rule = above({ condition: 'change', level: null, changePercent: '2', hysteresisPercent: '50' });
    expect(changePercentOf(rate('1.00'), rate('0.98')).toString()).toBe('2');
    expect(decide(rule, rate('1.02'), null, at)).toBe('none');
    expect(decide(rule, rate('1.0199'), rate('1.00'), at)).toBe('none');
    expect(decide(rule, rate('0.98'), rate('1.00'), at)).toBe('fire');
    const triggered = { ...rule, state: 'triggered' as const };
    expect(decide(triggered, rate('1.01'), rate('1.00'), at)).toBe('none'); // 1 % is not under 1 %
    expect(decide(triggered, rate('1.0099'), rate('1.00'), at)).toBe('rearm');
  });
});
