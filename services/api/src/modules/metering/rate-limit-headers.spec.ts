import { PLANS } from '@fxrates/domain';
import { rateLimitHeaders } from './rate-limit-headers';

const DECEMBER = Date.UTC(2026, 11, 1);
const JANUARY = Date.UTC(2027, 0, 1);
const MARCH = Date.UTC(2027, 2, 1);
const DAY = 86_400;

describe('rateLimitHeaders', () => {
  const plan = { ...PLANS.basic };

  it('gives the quota, what is left and the reset, in both the IETF and the X- forms', () => {
    expect(rateLimitHeaders({ plan, used: 9_990, resetsAt: DECEMBER, now: DECEMBER - 61_500 })).toEqual({
      'RateLimit-Policy': `"month";q=10000;w=${30 * DAY}, "burst";q=10;w=1`,
      RateLimit: '"month";r=10;t=62',
      'X-RateLimit-Limit': '10000',
      'X-RateLimit-Remaining': '10',
      'X-RateLimit-Reset': String(DECEMBER / 1000),
    });
  });

  it("states each policy's window as its length, the same all month, whatever is left of it", () => {
    const early = rateLimitHeaders({ plan, used: 1, resetsAt: JANUARY, now: DECEMBER + 1_000 });
    const late = rateLimitHeaders({ plan, used: 1, resetsAt: JANUARY, now: JANUARY - 1_000 });
    expect(early['RateLimit-Policy']).toBe(`"month";q=10000;w=${31 * DAY}, "burst";q=10;w=1`);
    expect(late['RateLimit-Policy']).toBe(early['RateLimit-Policy']);
    expect(late.RateLimit).toBe('"month";r=9999;t=1');
    const february = rateLimitHeaders({ plan, used: 0, resetsAt: MARCH, now: MARCH - 5_000 });
    expect(february['RateLimit-Policy']).toBe(`"month";q=10000;w=${28 * DAY}, "burst";q=10;w=1`);
  });

  it('reports a burst refusal as the exhausted burst policy, not the month', () => {
    const refused = rateLimitHeaders({ plan, used: 40, resetsAt: JANUARY, now: DECEMBER, overBurst: true });
    expect(refused.RateLimit).toBe('"burst";r=0;t=1');
    expect(refused['X-RateLimit-Remaining']).toBe('9960');
  });

  it('follows the month for the same plan, however its parts are reused', () => {
    const nextMonth = rateLimitHeaders({ plan, used: 0, resetsAt: JANUARY, now: DECEMBER });
    expect(nextMonth['X-RateLimit-Reset']).toBe(String(JANUARY / 1000));
    expect(nextMonth.RateLimit).toBe(`"month";r=10000;t=${(JANUARY - DECEMBER) / 1000}`);
    const overused = rateLimitHeaders({ plan, used: 12_000, resetsAt: JANUARY, now: DECEMBER });
    expect(overused['X-RateLimit-Remaining']).toBe('0');
    expect(overused.RateLimit).toBe(`"month";r=0;t=${(JANUARY - DECEMBER) / 1000}`);
  });
});
