import { RecentCalls } from './recent-calls';

describe('RecentCalls', () => {
  const at = (second: number, ms = 0) => second * 1000 + ms;

  it("answers the calls of the second before now's, whichever second they were added in", () => {
    const recent = new RecentCalls();
    recent.add('u', at(10, 100), 30);
    recent.add('u', at(10, 900), 12);
    expect(recent.lastSecond('u', at(10, 950))).toBe(0); // the second is not over yet
    expect(recent.lastSecond('u', at(11, 1))).toBe(42);
    recent.add('u', at(11, 500), 5);
    expect(recent.lastSecond('u', at(11, 600))).toBe(42);
    expect(recent.lastSecond('u', at(12, 0))).toBe(5);
  });

  it('forgets calls older than the last second, and ignores calls added late for an earlier one', () => {
    const recent = new RecentCalls();
    recent.add('u', at(10), 50);
    expect(recent.lastSecond('u', at(12))).toBe(0);
    recent.add('u', at(13), 7);
    expect(recent.lastSecond('u', at(13, 500))).toBe(0); // 10 is two seconds before 13
    recent.add('u', at(12), 99); // a deferred call answered after its second
    expect(recent.lastSecond('u', at(14))).toBe(7);
    expect(recent.lastSecond('other', at(14))).toBe(0);
  });
});
