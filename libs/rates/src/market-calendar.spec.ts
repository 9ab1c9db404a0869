import { easterSunday, lastPublishingDay, publishingCalendarOf, TARGET_CALENDAR } from './market-calendar';

describe('publishing calendars', () => {
  it('computes Easter Sunday', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it('knows the TARGET closing days the ECB does not publish on', () => {
    const closed = ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-25', '2026-12-26'];
    for (const day of closed) expect(TARGET_CALENDAR.publishesOn(day)).toBe(false);
    expect(TARGET_CALENDAR.publishesOn('2026-11-21')).toBe(false); // Saturday
    expect(TARGET_CALENDAR.publishesOn('2026-11-22')).toBe(false); // Sunday
    expect(TARGET_CALENDAR.publishesOn('2026-11-23')).toBe(true);
    expect(TARGET_CALENDAR.publishesOn('2026-04-02')).toBe(true); // Maundy Thursday
  });

  it('finds the last publishing day across weekends and holidays', () => {
    expect(lastPublishingDay(TARGET_CALENDAR, '2026-11-22')).toBe('2026-11-20');
    expect(lastPublishingDay(TARGET_CALENDAR, '2026-04-06')).toBe('2026-04-02'); // Easter Monday
    expect(lastPublishingDay(TARGET_CALENDAR, '2026-12-27')).toBe('2026-12-24');
    expect(lastPublishingDay(TARGET_CALENDAR, '2026-11-23')).toBe('2026-11-23');
  });

  it('assigns calendars to fiat sources only', () => {
    expect(publishingCalendarOf('ecb')).toBe(TARGET_CALENDAR);
    expect(publishingCalendarOf('frankfurter')).toBe(TARGET_CALENDAR);
    expect(publishingCalendarOf('oxr')?.publishesOn('2026-11-21')).toBe(false);
    expect(publishingCalendarOf('binance')).toBeUndefined();
    expect(publishingCalendarOf('bundled-snapshot')).toBeUndefined();
  });
});
