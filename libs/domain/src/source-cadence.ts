/**
 * How a source publishes, which decides when a publication is due:
 * - `business-days`: once a day on its calendar's business days, at `publishesAt` (the ECB's fix);
 * - `periodic`: every `everySeconds`, whatever the day;
 * - `continuous`: a market that moves all the time: a publication is due at every poll of ours;
 * - `fixed`: never again (the bundled snapshot).
 */
export type PublishPattern = 'business-days' | 'periodic' | 'continuous' | 'fixed';

/** A publishing calendar by name (libs/rates holds the days): TARGET2's, or the FX week (no weekends). */
export type PublishCalendarName = 'target' | 'fx-week';

export interface SourceCadence {
  pattern: PublishPattern;
  /** Seconds between two publications: a day for daily sources, null when continuous or fixed. */
  everySeconds: number | null;
  /** `business-days` only: the calendar whose business days it publishes on. */
  calendar?: PublishCalendarName;
  /** `business-days` only: the local time and zone of a day's publication, e.g. 16:00 Europe/Berlin. */
  publishesAt?: { hour: number; minute: number; timeZone: string };
  /** How late a publication may be before it counts as missed, in seconds (the source's own jitter). */
  graceSeconds: number;
  /** The cadence in words, as the status page shows it. */
  summary: string;
  /** How a rate of this source is named beside its time ("ECB reference rate · 28 Nov 2026 16:00 CET"). */
  label: string;
}
