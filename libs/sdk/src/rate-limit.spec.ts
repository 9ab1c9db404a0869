import { parseRateLimit } from './rate-limit';

describe('parseRateLimit', () => {
  it('reads the IETF draft fields and the X-RateLimit trio as the API sends them', () => {
    const info = parseRateLimit(
      new Headers({
        'RateLimit-Policy': '"month";q=1000;w=2592000, "burst";q=2;w=1',
        RateLimit: '"month";r=958;t=86400',
        'X-RateLimit-Limit': '1000',
        'X-RateLimit-Remaining': '958',
        'X-RateLimit-Reset': '1798761600',
      }),
    );
    expect(info).toEqual({
      limit: 1000,
      remaining: 958,
      reset: new Date('2027-01-01T00:00:00Z'),
      policies: [
        { name: 'month', quota: 1000, window: 2592000 },
        { name: 'burst', quota: 2, window: 1 },
      ],
      current: { policy: 'month', remaining: 958, resetSeconds: 86400 },
    });
  });

  it('names the burst when the call was refused for it', () => {
    const info = parseRateLimit(new Headers({ RateLimit: '"burst";r=0;t=1', 'X-RateLimit-Remaining': '3' }));
    expect(info?.current).toEqual({ policy: 'burst', remaining: 0, resetSeconds: 1 });
    expect(info?.remaining).toBe(3);
    expect(info?.limit).toBeUndefined();
  });

  it('is undefined on an answer without rate-limit headers, and skips what it cannot read', () => {
    expect(parseRateLimit(new Headers({ 'Content-Type': 'application/json' }))).toBeUndefined();
    const info = parseRateLimit(
      new Headers({ 'RateLimit-Policy': 'garbage, "ok";q=5;w=60, "half";q=1', RateLimit: 'nonsense' }),
    );
    expect(info?.policies).toEqual([{ name: 'ok', quota: 5, window: 60 }]);
    expect(info?.current).toBeUndefined();
  });
});
