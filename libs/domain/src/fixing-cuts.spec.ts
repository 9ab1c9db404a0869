import {
  cutInstant,
  DEFAULT_FIXING_CUTS,
  fixingId,
  nextCut,
  parseFixingCuts,
  parseFixingId,
  zonedInstant,
  type ClockFixingCut,
} from './fixing-cuts';

const iso = (ms: number) => new Date(ms).toISOString();
const cut = (name: string) => DEFAULT_FIXING_CUTS.find((c) => c.name === name)!;

describe('fixing cuts', () => {
  it('puts the London cut at 15:00 UTC in summer and 16:00 UTC in winter, on the switch days too', () => {
    const london = cut('LDN1600');
    expect(iso(cutInstant(london, '2026-03-27'))).toBe('2026-03-27T16:00:00.000Z');
    // Sunday 29 March 2026: clocks went forward at 01:00 UTC.
    expect(iso(cutInstant(london, '2026-03-29'))).toBe('2026-03-29T15:00:00.000Z');
    expect(iso(cutInstant(london, '2026-03-30'))).toBe('2026-03-30T15:00:00.000Z');
    expect(iso(cutInstant(london, '2026-10-24'))).toBe('2026-10-24T15:00:00.000Z');
    // Sunday 25 October 2026: clocks went back at 01:00 UTC.
    expect(iso(cutInstant(london, '2026-10-25'))).toBe('2026-10-25T16:00:00.000Z');
  });

  it('puts the New York cut at 16:00 UTC in summer and 17:00 UTC in winter, on the switch days too', () => {
    const newYork = cut('NY1200');
    expect(iso(cutInstant(newYork, '2026-03-06'))).toBe('2026-03-06T17:00:00.000Z');
    // Sunday 8 March 2026 and Sunday 1 November 2026: the US switches at 02:00 local.
    expect(iso(cutInstant(newYork, '2026-03-08'))).toBe('2026-03-08T16:00:00.000Z');
    expect(iso(cutInstant(newYork, '2026-10-30'))).toBe('2026-10-30T16:00:00.000Z');
    expect(iso(cutInstant(newYork, '2026-11-01'))).toBe('2026-11-01T17:00:00.000Z');
  });

  it('reads a local time on the day of a switch with the offset in force at that moment', () => {
    // 00:30 and 03:30 in New York on 8 March 2026: before (EST) and after (EDT) the 02:00 switch.
    expect(iso(zonedInstant('2026-03-08', '00:30', 'America/New_York'))).toBe('2026-03-08T05:30:00.000Z');
    expect(iso(zonedInstant('2026-03-08', '03:30', 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
    // Auckland switches to NZST on 5 April 2026 at 03:00 local (14:00 UTC the day before).
    expect(iso(zonedInstant('2026-04-05', '16:00', 'Pacific/Auckland'))).toBe('2026-04-05T04:00:00.000Z');
    expect(iso(zonedInstant('2026-04-04', '16:00', 'Pacific/Auckland'))).toBe('2026-04-04T03:00:00.000Z');
    expect(iso(zonedInstant('2026-06-01', '12:00:07', 'UTC'))).toBe('2026-06-01T12:00:07.000Z');
  });

  it('finds the next cut on its days: weekdays skip the weekend, daily does not', () => {
    const london = cut('LDN1600') as ClockFixingCut;
    // Friday 27 March 2026 after the cut: the next is Monday's, in summer time.
    expect(nextCut(london, Date.parse('2026-03-27T16:00:01Z'))).toEqual({
      day: '2026-03-30',
      at: Date.parse('2026-03-30T15:00:00Z'),
    });
    expect(nextCut(london, Date.parse('2026-03-27T16:00:00Z')).day).toBe('2026-03-27');
    expect(nextCut(cut('UTC0000') as ClockFixingCut, Date.parse('2026-03-28T00:00:01Z')).day).toBe(
      '2026-03-29',
    );
    // A cut in a zone ahead of UTC whose local day begins on the UTC day before.
    const [tokyo] = parseFixingCuts('TKY0900=Asia/Tokyo@09:00') as ClockFixingCut[];
    expect(nextCut(tokyo, Date.parse('2026-03-30T00:30:00Z'))).toEqual({
      day: '2026-03-31',
      at: Date.parse('2026-03-31T00:00:00Z'),
    });
  });

  it('parses FIXING_CUTS and names what is wrong', () => {
    expect(DEFAULT_FIXING_CUTS.map((c) => c.name)).toEqual(['LDN1600', 'NY1200', 'UTC0000', 'ECB']);
    expect(cut('UTC0000')).toMatchObject({ kind: 'clock', timeZone: 'UTC', time: '00:00', days: 'daily' });
    expect(cut('ECB')).toEqual({ kind: 'ecb', name: 'ECB' });
    expect(parseFixingCuts('T1=Europe/Paris@16:00:30/weekdays')).toEqual([
      { kind: 'clock', name: 'T1', timeZone: 'Europe/Paris', time: '16:00:30', days: 'weekdays' },
    ]);
    expect(() => parseFixingCuts('ldn=Europe/London@16:00')).toThrow(/capital letters/);
    expect(() => parseFixingCuts('LDN=Mars/Olympus@16:00')).toThrow(/unknown time zone/);
    expect(() => parseFixingCuts('LDN=Europe/London@25:00')).toThrow(/HH:MM/);
    expect(() => parseFixingCuts('LDN=ecb,LDN=ecb')).toThrow(/each name once/);
    expect(() => parseFixingCuts('')).toThrow(/at least one cut/);
  });

  it('makes and reads fixing ids', () => {
    expect(fixingId('LDN1600', '2026-03-29')).toBe('fix_LDN1600_20260329');
    expect(parseFixingId('fix_LDN1600_20260329')).toEqual({ cut: 'LDN1600', day: '2026-03-29' });
    expect(parseFixingId('fix_LDN1600_20260230')).toBeNull();
    expect(parseFixingId('fix_ldn_20260329')).toBeNull();
  });
});
