import { formatDate, formatDateTime, formatIsoDay, isoDay, NO_DATE } from './dates';

describe('formatDate', () => {
  it('writes the day in the long form, in UTC unless told otherwise', () => {
    expect(formatDate('2026-12-01T14:05:00Z')).toBe('December 1, 2026');
    expect(formatDate(new Date('2026-09-30T23:30:00Z'))).toBe('September 30, 2026');
    expect(formatDate('2026-09-30T23:30:00Z', 'Europe/Berlin')).toBe('October 1, 2026');
    expect(formatDate(Date.UTC(2027, 0, 9))).toBe('January 9, 2027');
  });

  it('says N/A without a valid date', () => {
    expect(formatDate(null)).toBe(NO_DATE);
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });
});

describe('formatDateTime', () => {
  it('adds the time on a 24-hour clock and the zone', () => {
    expect(formatDateTime('2026-12-01T14:05:59Z')).toBe('December 1, 2026, 14:05 UTC');
    expect(formatDateTime('2026-12-01T00:00:00Z')).toBe('December 1, 2026, 00:00 UTC');
    expect(formatDateTime('2026-07-01T22:30:00Z', 'Europe/Berlin')).toMatch(
      /^July 2, 2026, 00:30 (CEST|GMT\+2)$/,
    );
    expect(formatDateTime(null)).toBe('N/A');
  });
});

describe('days', () => {
  it('reads an ISO day for people and writes an instant as an ISO day', () => {
    expect(formatIsoDay('2026-02-28')).toBe('February 28, 2026');
    expect(formatIsoDay('yesterday')).toBe('yesterday');
    expect(isoDay('2026-12-01T23:59:59Z')).toBe('2026-12-01');
  });
});
