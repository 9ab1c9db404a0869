import { expiresAtOf, formatKeyInstant, utcDayOf } from './key-dates';

describe('the dates of a key', () => {
  it('writes an instant in UTC, day first, on a 24-hour clock', () => {
    expect(formatKeyInstant('2026-12-02T14:00:00.000Z')).toBe('December 2, 2026, 14:00 UTC');
    expect(formatKeyInstant('2027-09-30T23:05:59.000Z')).toBe('September 30, 2027, 23:05 UTC');
    // An offset is converted, not dropped.
    expect(formatKeyInstant('2026-12-03T01:30:00+02:00')).toBe('December 2, 2026, 23:30 UTC');
  });

  it('reads and writes the expiry as the UTC day it begins', () => {
    expect(utcDayOf('2027-01-31T00:00:00.000Z')).toBe('2027-01-31');
    expect(utcDayOf('2027-01-31T23:59:00-05:00')).toBe('2027-02-01');
    expect(expiresAtOf('2027-01-31')).toBe('2027-01-31T00:00:00.000Z');
    expect(expiresAtOf('')).toBeNull();
  });
});
