import { PLANS } from '@fxrates/domain';
import { rateLimitHeaders } from './rate-limit-headers';

const DECEMBER = Date.UTC(2026, 11, 1);
const JANUARY = Date.UTC(2027, 0, 1);

describe('rateLimitHeaders', () => {
  const plan = { ...PLANS.basic };

  it('gives the quota, what is left and the reset, in both the IETF and the X- forms', () => {
    expect(rateLimitHeaders({ plan, used: 9_990, resetsAt: DECEMBER, now: DECEMBER - 61_500 })).toEqual({
      'RateLimit-Policy': '"month";q=10000;w=62, "burst";q=10;w=1',
      RateLimit: '"month";r=10;t=62',
      'X-RateLimit-Limit': '10000',
      'X-RateLimit-Remaining': '10',
      'X-RateLimit-Reset': String(DECEMBER / 1000),
    });
  });

  it('follows the clock and the month for the same plan, however its parts are reused', () => {
    const later = rateLimitHeaders({ plan, used: 1, resetsAt: DECEMBER, now: DECEMBER - 1_000 });
    expect(later['RateLimit-Policy']).toBe('"month";q=10000;w=1, "burst";q=10;w=1');
    const nextMonth = rateLimitHeaders({ plan, used: 0, resetsAt: JANUARY, now: DECEMBER });
    expect(nextMonth['X-RateLimit-Reset']).toBe(String(JANUARY / 1000));
    expect(nextMonth.RateLimit).toBe(`"month";r=10000;t=${(JANUARY - DECEMBER) / 1000}`);
    const overused = rateLimitHeaders({ plan, used: 12_000, resetsAt: JANUARY, now: DECEMBER });
    expect(overused['X-RateLimit-Remaining']).toBe('0');
  });
});
