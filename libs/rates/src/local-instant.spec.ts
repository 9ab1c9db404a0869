import { localInstant } from './local-instant';
import { ecbFixInstant } from './providers/ecb-fix-time';

describe('localInstant', () => {
  it('reads the day in the zone, winter and summer', () => {
    expect(new Date(localInstant('2026-11-20', 16, 0, 'Europe/Berlin')).toISOString()).toBe(
      '2026-11-20T15:00:00.000Z',
    );
    expect(new Date(localInstant('2026-07-01', 16, 0, 'Europe/Berlin')).toISOString()).toBe(
      '2026-07-01T14:00:00.000Z',
    );
    expect(new Date(localInstant('2026-07-01', 9, 30, 'UTC')).toISOString()).toBe('2026-07-01T09:30:00.000Z');
  });

  it('settles the day of a DST switch by its noon: the ECB fix after the spring and autumn changes', () => {
    expect(ecbFixInstant('2026-03-29')).toBe('2026-03-29T14:00:00.000Z');
    expect(ecbFixInstant('2026-10-25')).toBe('2026-10-25T15:00:00.000Z');
    expect(ecbFixInstant('2026-03-27')).toBe('2026-03-27T15:00:00.000Z');
  });
});
