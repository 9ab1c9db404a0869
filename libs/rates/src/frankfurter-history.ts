import type { RateDecimal } from './decimal';
import type { EcbHistoryDay } from './ecb-history';
import { readRate } from './providers/provider-values';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Frankfurter's time series `/v1/{start}..{end}?base=USD` (`{ base, start_date, end_date, rates:
 * { "2026-04-09": { EUR: 0.855… } } }`) as daily closes per USD, oldest first. A value that is not a
 * positive number is left out and reported; a body of another shape throws.
 */
export function parseFrankfurterSeries(
  body: unknown,
  onSkipped: (day: string, reason: string) => void = () => undefined,
): EcbHistoryDay[] {
  const series = body as { base?: unknown; rates?: unknown };
  if (typeof body !== 'object' || body === null || series.base !== 'USD') {
    throw new Error('Frankfurter: expected a time series with base USD');
  }
  if (typeof series.rates !== 'object' || series.rates === null || Array.isArray(series.rates)) {
    throw new Error('Frankfurter: the time series has no "rates" object');
  }
  const days: EcbHistoryDay[] = [];
  for (const [day, rates] of Object.entries(series.rates as Record<string, unknown>)) {
    if (!DAY.test(day) || typeof rates !== 'object' || rates === null) {
      throw new Error(`Frankfurter: "${day}" is not a day of rates`);
    }
    const perUsd = new Map<string, RateDecimal>();
    for (const [code, raw] of Object.entries(rates as Record<string, unknown>)) {
      const reading = readRate(raw);
      if ('reason' in reading) onSkipped(day, `${code} ${reading.reason}`);
      else perUsd.set(code, reading.rate);
    }
    days.push({ day, perUsd });
  }
  return days.sort((a, b) => a.day.localeCompare(b.day));
}
