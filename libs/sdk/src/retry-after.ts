/**
 * Milliseconds to wait that a `Retry-After` value asks for (RFC 9110 §10.2.3): a number of seconds,
 * or an HTTP-date (a date already past asks for no wait). Undefined when the value is absent or is
 * neither, so the caller falls back to its own backoff rather than retrying at once.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only the date forms RFC 9110 allows start with a day name; `Date.parse` alone takes far more.
  if (!/^[A-Za-z]{3,9},? /.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
