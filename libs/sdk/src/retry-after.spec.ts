import { parseRetryAfter } from './retry-after';

const NOW = Date.UTC(2026, 10, 27, 9, 0, 0);

describe('parseRetryAfter', () => {
  it('reads delay-seconds as milliseconds', () => {
    expect(parseRetryAfter('1', NOW)).toBe(1000);
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter(' 120 ', NOW)).toBe(120_000);
    // A month's quota spent: the API asks for the seconds until the month ends.
    expect(parseRetryAfter('2592000', NOW)).toBe(2_592_000_000);
  });

  it('reads an HTTP-date as the time until it, and a past date as no wait', () => {
    expect(parseRetryAfter('Fri, 27 Nov 2026 09:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Fri, 27 Nov 2026 08:59:00 GMT', NOW)).toBe(0);
    // The obsolete RFC 850 form RFC 9110 still asks recipients to accept.
    expect(parseRetryAfter('Friday, 27-Nov-26 09:01:00 GMT', NOW)).toBe(60_000);
  });

  it('is undefined for an absent or malformed value, so the caller uses its own backoff', () => {
    for (const value of [undefined, null, '', '  ', '-1', '1.5', 'soon', '2026-11-27T09:00:30Z', '1e3'])
      expect([value, parseRetryAfter(value, NOW)]).toEqual([value, undefined]);
  });
});
