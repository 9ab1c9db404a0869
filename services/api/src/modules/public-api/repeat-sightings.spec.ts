import { RepeatSightings } from './repeat-sightings';

describe('RepeatSightings', () => {
  it('says a target is repeated from its second sighting in the same second on', () => {
    const sightings = new RepeatSightings();
    const target = '/api/v1/rates/latest?base=USD&symbols=EUR';
    expect(sightings.seenBefore(target, 1_700_000_000)).toBe(false);
    expect(sightings.seenBefore(target, 1_700_000_000)).toBe(true);
    expect(sightings.seenBefore(target, 1_700_000_000)).toBe(true);
  });

  it('starts over in a new second, and keeps other targets apart', () => {
    const sightings = new RepeatSightings();
    expect(sightings.seenBefore('/api/v1/rates/latest?base=USD', 10)).toBe(false);
    expect(sightings.seenBefore('/api/v1/rates/latest?base=USD', 11)).toBe(false);
    expect(sightings.seenBefore('/api/v1/rates/latest?base=EUR', 11)).toBe(false);
    expect(sightings.seenBefore('/api/v1/rates/latest?base=USD', 11)).toBe(true);
  });

  it('takes few distinct targets of one second for repeats', () => {
    const sightings = new RepeatSightings();
    const targets = Array.from({ length: 30_000 }, (_, i) => `/api/v1/convert?from=USD&to=EUR&amount=${i}`);
    const early = targets.filter((target) => sightings.seenBefore(target, 42)).length;
    // 30 000 targets in 2^18 slots: about 1 700 collisions expected; far fewer than memoising all.
    expect(early).toBeLessThan(3_000);
  });

  it('keeps one target apart by its context (a plan), and another window starts over', () => {
    const sightings = new RepeatSightings();
    const target = '/api/v1/rates/timeseries?start=2024-01-01&end=2024-12-31';
    expect(sightings.seenBefore(target, 7, 'free')).toBe(false);
    expect(sightings.seenBefore(target, 7, 'enterprise')).toBe(false);
    expect(sightings.seenBefore(target, 7, 'enterprise')).toBe(true);
    expect(sightings.seenBefore(target, 8, 'enterprise')).toBe(false);
  });

  it('sized to its window, takes few of 40 000 distinct series in it for repeats', () => {
    // The closes cache's window (10 s of distinct series at 4 000 a second) in 2^20 slots: ~760
    // collisions expected; in the default 2^18, ~2 900.
    const series = Array.from(
      { length: 40_000 },
      (_, i) => `/api/v1/rates/timeseries?start=${1999 + (i % 27)}-01-04&end=2025-12-31&symbols=${i}`,
    );
    const wide = new RepeatSightings(20);
    const narrow = new RepeatSightings();
    const earlyWide = series.filter((target) => wide.seenBefore(target, 1, 'professional')).length;
    const earlyNarrow = series.filter((target) => narrow.seenBefore(target, 1, 'professional')).length;
    expect(earlyWide).toBeLessThan(1_200);
    expect(earlyNarrow).toBeGreaterThan(2 * earlyWide);
  });
});
