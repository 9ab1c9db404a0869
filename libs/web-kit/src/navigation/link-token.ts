/**
 * The token of an emailed link `…#token=<token>` (a verification or a password reset), from the
 * page's fragment, which the browser sends to no server; null when there is none.
 */
export function linkTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.trim() ? token.trim() : null;
}
