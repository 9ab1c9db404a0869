import { isApiError } from '@fxrates/web-kit';

/**
 * What to show for a failed call: the problem's `detail` (what exactly was refused, "The URL must
 * use https"), else its message, else the fallback when no problem document came back.
 */
export function problemText(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  return error.problem?.detail || error.serverMessage || fallback;
}
