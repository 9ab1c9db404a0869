import type { RateHistory } from '../history';
import { CachePolicy, FINAL_CLOSES } from './cache-policy';

type Range = { first: string; last: string } | null;

/** The part of RateHistory the policy reads: its range, known (no query) or to be read. */
function historyWith(range: Range, known: boolean): RateHistory {
  return {
    knownRange: () => (known && range !== null ? range : undefined),
    range: () => Promise.resolve(range),
  } as unknown as RateHistory;
}

const at = (iso: string) => Date.parse(iso);
const maxAge = (cacheControl: string) => Number(/^public, max-age=(\d+)$/.exec(cacheControl)?.[1]);

describe('CachePolicy.closes', () => {
  // Thursday 26 November 2026 is the last close published.
  const RANGE = { first: '1999-01-04', last: '2026-11-26' };
  const policy = new CachePolicy([], historyWith(RANGE, true));

  it('a period ending on a published close is final, without waiting on the range when it is known', () => {
    expect(policy.closes('2026-11-26', at('2026-11-27T10:00:00Z'))).toBe(FINAL_CLOSES);
    expect(policy.closes('2001-06-30', at('2026-11-27T10:00:00Z'))).toBe(FINAL_CLOSES);
  });

  it('a day still to close is kept until 16:00 CET on it (15:00 UTC in winter)', () => {
    const control = policy.closes('2026-11-27', at('2026-11-27T10:00:00Z'));
    expect(control).toBe(`public, max-age=${5 * 3600}`);
  });

  it('a close that is late (past 16:00 CET, not in yet) is looked for again after a minute', () => {
    expect(policy.closes('2026-11-27', at('2026-11-27T15:30:00Z'))).toBe('public, max-age=60');
    expect(policy.closes('2026-11-27', at('2026-11-28T09:00:00Z'))).toBe('public, max-age=60');
  });

  it("never calls today final, though the live sources' values of today are stored", () => {
    const withToday = new CachePolicy([], historyWith({ first: '1999-01-04', last: '2026-11-27' }, true));
    const control = withToday.closes('2026-11-27', at('2026-11-27T10:00:00Z'));
    expect(control).toBe(`public, max-age=${5 * 3600}`);
    expect(withToday.closes('2026-11-26', at('2026-11-27T10:00:00Z'))).toBe(FINAL_CLOSES);
  });

  it('over a weekend, until the Monday close', () => {
    const friday = new CachePolicy([], historyWith({ first: '1999-01-04', last: '2026-11-27' }, true));
    const saturdayMorning = at('2026-11-28T10:00:00Z');
    const control = friday.closes('2026-11-28', saturdayMorning) as string;
    expect(maxAge(control)).toBe((at('2026-11-30T15:00:00Z') - saturdayMorning) / 1000);
  });

  it('reads the range when it is not known, to the same answer', async () => {
    const reading = new CachePolicy([], historyWith(RANGE, false));
    const control = reading.closes('2026-11-26', at('2026-11-27T10:00:00Z'));
    expect(control).toBeInstanceOf(Promise);
    await expect(control).resolves.toBe(FINAL_CLOSES);
  });

  it('with no history imported, until the next close after the period', async () => {
    const empty = new CachePolicy([], historyWith(null, false));
    const control = await empty.closes('2026-11-27', at('2026-11-27T10:00:00Z'));
    expect(maxAge(control)).toBe((at('2026-11-30T15:00:00Z') - at('2026-11-27T10:00:00Z')) / 1000);
  });
});
