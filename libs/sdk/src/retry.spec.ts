import { backoffDelay, DEFAULT_RETRIES, retryDelay } from './retry';

const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers });
const NOW = Date.UTC(2026, 10, 27, 9, 0, 0);

describe('retryDelay', () => {
  it('waits as long as Retry-After asks on 429 and 503, in seconds or as a date', () => {
    expect(retryDelay(answer(429, { 'Retry-After': '1' }), 'GET', 0, DEFAULT_RETRIES, NOW)).toBe(1000);
    expect(retryDelay(answer(503, { 'Retry-After': '3' }), 'GET', 1, DEFAULT_RETRIES, NOW)).toBe(3000);
    const date = new Date(NOW + 5000).toUTCString();
    expect(retryDelay(answer(429, { 'Retry-After': date }), 'GET', 0, DEFAULT_RETRIES, NOW)).toBe(5000);
  });

  it('gives up at once when Retry-After is beyond the cap (a spent monthly quota)', () => {
    expect(retryDelay(answer(429, { 'Retry-After': '31' }), 'GET', 0, DEFAULT_RETRIES, NOW)).toBeUndefined();
    const patient = { ...DEFAULT_RETRIES, maxRetryAfterMs: 60_000 };
    expect(retryDelay(answer(429, { 'Retry-After': '31' }), 'GET', 0, patient, NOW)).toBe(31_000);
  });

  it('backs off with jitter on 5xx of idempotent calls, and on 429/503 without Retry-After', () => {
    for (const status of [500, 502, 503, 504, 429]) {
      const delay = retryDelay(answer(status), 'GET', 2, DEFAULT_RETRIES, NOW);
      expect([status, delay !== undefined && delay >= 0 && delay <= 2000]).toEqual([status, true]);
    }
  });

  it('never retries another 4xx, nor a 5xx of a call that may have changed something', () => {
    for (const status of [400, 401, 403, 404, 408, 422, 431])
      expect([status, retryDelay(answer(status), 'GET', 0, DEFAULT_RETRIES, NOW)]).toEqual([
        status,
        undefined,
      ]);
    expect(retryDelay(answer(500), 'POST', 0, DEFAULT_RETRIES, NOW)).toBeUndefined();
    expect(retryDelay(answer(503, { 'Retry-After': '1' }), 'POST', 0, DEFAULT_RETRIES, NOW)).toBeUndefined();
    // Refused before anything was done: safe to repeat whatever the method.
    expect(retryDelay(answer(429, { 'Retry-After': '1' }), 'POST', 0, DEFAULT_RETRIES, NOW)).toBe(1000);
  });
});

describe('backoffDelay', () => {
  it('doubles the step per retry up to the cap, and draws uniformly below it', () => {
    expect([0, 1, 2, 3, 4, 5].map((retry) => backoffDelay(retry, DEFAULT_RETRIES, () => 1))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ]);
    expect(backoffDelay(3, DEFAULT_RETRIES, () => 0)).toBe(0);
    expect(backoffDelay(1, DEFAULT_RETRIES, () => 0.5)).toBe(500);
  });
});
