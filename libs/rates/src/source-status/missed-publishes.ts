import type { PublishCalendarName, SourceCadence } from '@fxrates/domain';
import { addDays, FX_WEEK_CALENDAR, TARGET_CALENDAR, type PublishingCalendar } from '../market-calendar';
import { localInstant } from '../local-instant';
import type { SourceHealth } from './source-health-store';

/** Missed publications are counted over this much of the recent past, so the number stays "recent". */
export const MISSED_LOOKBACK_MS = 7 * 86_400_000;

const CALENDARS: Record<PublishCalendarName, PublishingCalendar> = {
  target: TARGET_CALENDAR,
  'fx-week': FX_WEEK_CALENDAR,
};

/**
 * How many publications of a source were due recently and not seen, from what the source-status
 * store records of it (its newest data's time and day) and how often we poll it:
 *
 * - `fixed` (the bundled snapshot): none is ever due, 0;
 * - no data received yet: null (unknown, not zero);
 * - `business-days` (ECB): each business day of its calendar after the day of the newest data we
 *   hold, once its publication time (16:00 Frankfurt for the ECB) plus the source's grace plus one poll
 *   interval has passed;
 * - `periodic` (hourly, daily, a minute): one is due every max(its period, our poll interval) after
 *   the newest data's time, and counts once that plus grace plus one poll interval has passed;
 * - `continuous` (exchanges): the same with our poll interval as the period.
 *
 * Only due times within the last MISSED_LOOKBACK_MS count. A publication not seen is counted whether
 * the source did not publish or our polls failed: `consecutiveFailures` says which.
 */
export function missedPublishes(
  cadence: SourceCadence,
  health: Pick<SourceHealth, 'dataTimestamp' | 'dataDate'> | undefined,
  pollIntervalMs: number,
  now: number,
): number | null {
  if (cadence.pattern === 'fixed') return 0;
  const data = health?.dataTimestamp ?? null;
  if (data === null) return null;
  const latest = now - cadence.graceSeconds * 1000 - pollIntervalMs;
  const earliest = now - MISSED_LOOKBACK_MS;

  if (cadence.pattern === 'business-days' && cadence.calendar && cadence.publishesAt) {
    const calendar = CALENDARS[cadence.calendar];
    const { hour, minute, timeZone } = cadence.publishesAt;
    const dataDay = health?.dataDate ?? new Date(data).toISOString().slice(0, 10);
    const lookbackDay = addDays(new Date(earliest).toISOString().slice(0, 10), -1);
    const today = new Date(now).toISOString().slice(0, 10);
    let missed = 0;
    for (
      let day = addDays(dataDay > lookbackDay ? dataDay : lookbackDay, 1);
      day <= today;
      day = addDays(day, 1)
    ) {
      if (!calendar.publishesOn(day)) continue;
      const due = localInstant(day, hour, minute, timeZone);
      if (due > earliest && due <= latest) missed += 1;
    }
    return missed;
  }

  const periodMs = Math.max((cadence.everySeconds ?? 0) * 1000, pollIntervalMs, 1000);
  // Due at data + n·period (n ≥ 1): count those in (earliest, latest].
  const dueBy = (instant: number) => Math.max(0, Math.floor((instant - data) / periodMs));
  return Math.max(0, dueBy(latest) - dueBy(earliest));
}
