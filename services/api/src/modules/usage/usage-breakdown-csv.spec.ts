import type { UsageBreakdown } from '@fxrates/domain';
import { csvText, usageBreakdownCsv, usageBreakdownCsvName } from './usage-breakdown-csv';

describe('usage breakdown CSV', () => {
  it.each([
    ['Production server', 'Production server'],
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['mid=dle', 'mid=dle'],
    ['', ''],
  ])('writes %j as %j', (value, written) => {
    expect(csvText(value)).toBe(written);
  });

  it('writes the header and one line per row in order, naming a key it does not list "Deleted key"', () => {
    const breakdown: UsageBreakdown = {
      from: '2026-11-01',
      to: '2026-11-30',
      rows: [
        { day: '2026-11-02', keyId: 'k1', endpoint: 'rates/latest', statusClass: '2xx', calls: 42 },
        { day: '2026-11-02', keyId: 'k1', endpoint: 'rates/historical/:date', statusClass: '4xx', calls: 1 },
        { day: '2026-11-03', keyId: 'gone', endpoint: 'usage', statusClass: '3xx', calls: 7 },
      ],
      keys: [{ id: 'k1', name: '=cmd, "quoted"', maskedKey: 'fxrates_••••3f9a' }],
    };
    expect(usageBreakdownCsv(breakdown)).toBe(
      'day,key_id,key_name,endpoint,status_class,calls\r\n' +
        `2026-11-02,k1,"'=cmd, ""quoted""",rates/latest,2xx,42\r\n` +
        `2026-11-02,k1,"'=cmd, ""quoted""",rates/historical/:date,4xx,1\r\n` +
        '2026-11-03,gone,Deleted key,usage,3xx,7\r\n',
    );
  });

  it('is the header alone for a period without calls, named for the period', () => {
    expect(usageBreakdownCsv({ from: '2026-11-01', to: '2026-11-30', rows: [], keys: [] })).toBe(
      'day,key_id,key_name,endpoint,status_class,calls\r\n',
    );
    expect(usageBreakdownCsvName({ from: '2026-11-01', to: '2026-11-30' })).toBe(
      'fxrates-usage-2026-11-01-to-2026-11-30.csv',
    );
  });
});
