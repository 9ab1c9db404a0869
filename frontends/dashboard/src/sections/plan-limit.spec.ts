import { atLimit, limitText } from './plan-limit';

const ENDPOINTS = { one: 'endpoint', many: 'endpoints' };

describe("a plan's limit on a list", () => {
  it('says how many are used of how many the plan allows', () => {
    expect(limitText(2, 3, ENDPOINTS)).toBe('2 of 3 endpoints');
    expect(limitText(0, 1, ENDPOINTS)).toBe('0 of 1 endpoint');
    expect(limitText(1, 1, ENDPOINTS)).toBe('1 of 1 endpoint');
    expect(limitText(12, 1000, { one: 'alert', many: 'alerts' })).toBe('12 of 1,000 alerts');
  });

  it('is reached when as many are used as allowed, or more (after a downgrade)', () => {
    expect(atLimit(2, 3)).toBe(false);
    expect(atLimit(3, 3)).toBe(true);
    expect(atLimit(5, 3)).toBe(true);
  });
});
