import type { UsageBreakdown, UsageBreakdownRow } from '@fxrates/domain';
import {
  breakdownChartData,
  chartNameOf,
  DELETED_KEY_LABEL,
  keyOptions,
  shortDay,
} from './usage-breakdown-data';

const row = (
  day: string,
  keyId: string,
  endpoint: string,
  statusClass: UsageBreakdownRow['statusClass'],
  calls: number,
): UsageBreakdownRow => ({ day, keyId, endpoint, statusClass, calls });

const breakdown: UsageBreakdown = {
  from: '2026-11-01',
  to: '2026-11-04',
  rows: [
    row('2026-11-02', 'prod', 'rates/latest', '2xx', 5),
    row('2026-11-02', 'prod', 'rates/latest', '4xx', 1),
    row('2026-11-02', 'stage', 'rates/historical/:date', '2xx', 2),
    row('2026-11-04', 'gone', 'usage', '5xx', 1),
    row('2026-11-04', 'stage', 'rates/latest', '3xx', 3),
  ],
  keys: [
    { id: 'prod', name: 'Production', maskedKey: 'fxrates_••••1a2b' },
    { id: 'stage', name: 'Staging', maskedKey: 'fxrates_••••3c4d' },
  ],
};

describe('breakdownChartData', () => {
  it('stacks each day by key, in the order the API lists the keys, one without a name last', () => {
    const data = breakdownChartData(breakdown, 'key', null);
    expect(data.series).toEqual([
      { name: 's0', label: 'Production', color: 'brand.6' },
      { name: 's1', label: 'Staging', color: 'teal.6' },
      { name: 's2', label: DELETED_KEY_LABEL, color: 'yellow.6' },
    ]);
    expect(data.bars).toEqual([
      { day: '2026-11-01', s0: 0, s1: 0, s2: 0 },
      { day: '2026-11-02', s0: 6, s1: 2, s2: 0 },
      { day: '2026-11-03', s0: 0, s1: 0, s2: 0 },
      { day: '2026-11-04', s0: 0, s1: 3, s2: 1 },
    ]);
  });

  it('stacks by endpoint, named by path and sorted, whatever order the rows come in', () => {
    const data = breakdownChartData(breakdown, 'endpoint', null);
    expect(data.series.map((series) => series.label)).toEqual([
      'rates/historical/:date',
      'rates/latest',
      'usage',
    ]);
    expect(data.bars[1]).toEqual({ day: '2026-11-02', s0: 2, s1: 6, s2: 0 });
    expect(data.bars[3]).toEqual({ day: '2026-11-04', s0: 0, s1: 3, s2: 1 });
  });

  it('stacks by status class in HTTP order with fixed colours, only the classes that occur', () => {
    const data = breakdownChartData(breakdown, 'statusClass', 'stage');
    expect(data.series).toEqual([
      { name: 's0', label: '2xx success', color: 'teal.6' },
      { name: 's1', label: '3xx not modified', color: 'blue.6' },
    ]);
    expect(data.bars.map(({ s0, s1 }) => [s0, s1])).toEqual([
      [0, 0],
      [2, 0],
      [0, 0],
      [0, 3],
    ]);
  });

  it('counts one key only when filtered, and tabulates the days with calls, with totals', () => {
    const data = breakdownChartData(breakdown, 'endpoint', 'prod');
    expect(data.series.map((series) => series.label)).toEqual(['rates/latest']);
    expect(data.table).toEqual([{ day: '2026-11-02', calls: [6], total: 6 }]);
    expect(data.totals).toEqual({ bySeries: [6], all: 6 });

    const all = breakdownChartData(breakdown, 'statusClass', null);
    expect(all.table).toEqual([
      { day: '2026-11-02', calls: [7, 0, 1, 0], total: 8 },
      { day: '2026-11-04', calls: [0, 3, 0, 1], total: 4 },
    ]);
    expect(all.totals).toEqual({ bySeries: [7, 3, 1, 1], all: 12 });
  });

  it('has no series and no table rows for a period without calls, yet a bar slot for each day', () => {
    const data = breakdownChartData({ ...breakdown, rows: [] }, 'key', null);
    expect(data.series).toEqual([]);
    expect(data.table).toEqual([]);
    expect(data.totals.all).toBe(0);
    expect(data.bars.map((bar) => bar.day)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']);
  });
});

describe('around the chart', () => {
  it('offers every key of the period by name and masked key', () => {
    expect(keyOptions(breakdown)).toEqual([
      { value: 'prod', label: 'Production (fxrates_••••1a2b)' },
      { value: 'stage', label: 'Staging (fxrates_••••3c4d)' },
    ]);
  });

  it('names the chart by what its stacks are, and its days by month and day', () => {
    expect(chartNameOf('endpoint')).toBe('Calls per day by endpoint');
    expect(shortDay('2026-11-03')).toBe('Nov 3');
  });
});
