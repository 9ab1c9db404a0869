import { MAX_KEY_OVERLAP_HOURS } from '@fxrates/domain';
import { formatKeyInstant } from './key-dates';

/** The overlaps the Roll key dialog offers, from none to the longest the API allows. */
export const ROLL_OVERLAPS: readonly { hours: number; label: string }[] = [
  { hours: 0, label: 'None' },
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '24 hours' },
  { hours: 72, label: '3 days' },
  { hours: MAX_KEY_OVERLAP_HOURS, label: '7 days' },
];

/** Long enough to redeploy most applications with the new secret. */
export const DEFAULT_OVERLAP_HOURS = 24;

/** What happens to the current secret with the chosen overlap, rolled at `now`. */
export function overlapExplanation(hours: number, now: Date): string {
  if (hours === 0) return 'The current secret stops working as soon as the new one is made.';
  const until = formatKeyInstant(new Date(now.getTime() + hours * 3_600_000).toISOString());
  return `The current secret keeps working beside the new one until about ${until}. Put the new one everywhere the key is used before then.`;
}
