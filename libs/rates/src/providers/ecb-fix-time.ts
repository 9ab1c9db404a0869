import { localInstant } from '../local-instant';

/**
 * The instant of ECB's daily reference fix: 16:00 in Frankfurt (CET or CEST) on `day`. Frankfurter
 * republishes the same rates and gets the same stamp.
 */
export function ecbFixInstant(day: string): string {
  return new Date(localInstant(day, 16, 0, 'Europe/Berlin')).toISOString();
}
