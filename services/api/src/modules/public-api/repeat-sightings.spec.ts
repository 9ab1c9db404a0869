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
});
