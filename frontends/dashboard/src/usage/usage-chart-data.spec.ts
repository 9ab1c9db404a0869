import type { ApiKeyView } from '@fxrates/domain';
import { DELETED_KEY_LABEL, dayOfMonth, longDate, usageChartData } from './usage-chart-data';

const key = (id: string, name: string) => ({ id, name }) as ApiKeyView;

describe('usageChartData', () => {
  it('gives one row per day with every key that was used this month, zeros included', () => {
    const data = usageChartData(
      [
        { day: '2026-11-01', total: 0, byKey: {} },
        { day: '2026-11-02', total: 5, byKey: { a: 2, b: 3 } },
        { day: '2026-11-03', total: 7, byKey: { b: 7 } },
      ],
      [key('a', 'Production'), key('b', 'Staging')],
    );
    expect(data.rows).toEqual([
      { day: '2026-11-01', a: 0, b: 0 },
      { day: '2026-11-02', a: 2, b: 3 },
      { day: '2026-11-03', a: 0, b: 7 },
    ]);
    expect(data.series).toEqual([
      { name: 'a', label: 'Production', color: 'brand.6' },
      { name: 'b', label: 'Staging', color: 'teal.6' },
    ]);
    expect(data.peak).toBe(7);
  });

  it('orders the keys as the keys list does, whatever order the days name them in', () => {
    const data = usageChartData(
      [{ day: '2026-11-01', total: 3, byKey: { gone: 1, b: 1, a: 1 } }],
      [key('a', 'Production'), key('b', 'Staging')],
    );
    expect(data.series.map((series) => series.label)).toEqual(['Production', 'Staging', DELETED_KEY_LABEL]);
  });

  it('names a key that is no longer listed "Deleted key"', () => {
    const data = usageChartData([{ day: '2026-11-01', total: 1, byKey: { gone: 1 } }], []);
    expect(data.series).toEqual([{ name: 'gone', label: DELETED_KEY_LABEL, color: 'brand.6' }]);
  });

  it('writes the axis as days of the month and the tooltip as long dates, in UTC', () => {
    expect(dayOfMonth('2026-11-03')).toBe('3');
    expect(longDate('2026-11-03')).toBe('November 3, 2026');
  });
});
