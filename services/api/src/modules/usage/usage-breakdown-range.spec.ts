import { MAX_USAGE_BREAKDOWN_DAYS } from '@fxrates/domain';
import { AppException } from '../../common/errors';
import { breakdownEndpointOf } from './usage-breakdown-counter';
import { breakdownRange } from './usage-breakdown-range';

const NOW = Date.parse('2026-11-20T15:00:00Z');

function refusal(from: string | undefined, to: string | undefined): { code: string; message: string } {
  try {
    breakdownRange(from, to, NOW);
  } catch (error) {
    expect(error).toBeInstanceOf(AppException);
    const { code, message, status } = error as AppException;
    expect(status).toBe(400);
    return { code, message };
  }
  throw new Error(`${from}..${to} was not refused`);
}

describe('breakdownRange', () => {
  it('defaults to this month up to today (UTC); `to` alone: its month up to it; `from` alone: up to today', () => {
    expect(breakdownRange(undefined, undefined, NOW)).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    expect(breakdownRange(undefined, undefined, Date.parse('2026-12-01T00:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
    });
    expect(breakdownRange(undefined, '2026-10-17', NOW)).toEqual({ from: '2026-10-01', to: '2026-10-17' });
    expect(breakdownRange('2026-10-15', undefined, NOW)).toEqual({ from: '2026-10-15', to: '2026-11-20' });
    expect(breakdownRange('2026-11-05', '2026-11-05', NOW)).toEqual({ from: '2026-11-05', to: '2026-11-05' });
  });

  it(`takes up to ${MAX_USAGE_BREAKDOWN_DAYS} days, both ends included`, () => {
    expect(breakdownRange('2026-08-20', '2026-11-20', NOW)).toEqual({ from: '2026-08-20', to: '2026-11-20' });
    expect(refusal('2026-08-19', '2026-11-20')).toEqual({
      code: 'validation-failed',
      message: `From 2026-08-19 to 2026-11-20 is 94 days: send at most ${MAX_USAGE_BREAKDOWN_DAYS}, e.g. from=2026-08-20&to=2026-11-20.`,
    });
  });

  it.each([
    ['2026-11-1', undefined, '"from" must be a calendar day as YYYY-MM-DD (UTC), e.g. 2026-11-01.'],
    ['2026-02-30', '2026-03-01', '"from" must be a calendar day as YYYY-MM-DD (UTC), e.g. 2026-11-01.'],
    [undefined, 'yesterday', '"to" must be a calendar day as YYYY-MM-DD (UTC), e.g. 2026-11-20.'],
    [undefined, '2026-13-01', '"to" must be a calendar day as YYYY-MM-DD (UTC), e.g. 2026-11-20.'],
    [undefined, '2026-11-21', '"to" (2026-11-21) is after today (2026-11-20, UTC): send a day up to today.'],
    [
      '2026-11-10',
      '2026-11-09',
      '"from" (2026-11-10) is after "to" (2026-11-09): send a "from" on or before "to".',
    ],
    [
      '2026-11-21',
      undefined,
      '"from" (2026-11-21) is after "to" (2026-11-20): send a "from" on or before "to".',
    ],
  ])('refuses from=%s to=%s with 400 validation-failed saying what to send', (from, to, message) => {
    expect(refusal(from, to)).toEqual({ code: 'validation-failed', message });
  });
});

describe('breakdownEndpointOf', () => {
  it("is the route's path under /api/v1, its parameters as the template names them", () => {
    expect(breakdownEndpointOf('/api/v1/rates/latest')).toBe('rates/latest');
    expect(breakdownEndpointOf('/api/v1/rates/historical/:date')).toBe('rates/historical/:date');
    expect(breakdownEndpointOf('/api/v1/usage')).toBe('usage');
  });
});
