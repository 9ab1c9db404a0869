/** Where a signed-in visitor of /login or /register goes when nothing else is asked. */
export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

const SAME_ORIGIN = 'https://same-origin.invalid';
/** Control characters (which URL parsing drops, so "/\t/evil" becomes "//evil") and backslashes. */
function hasUnsafeCharacter(path: string): boolean {
  return [...path].some((character) => character === '\\' || character <= '\u001f' || character === '\u007f');
}
/** Returning to these after signing in would only loop. */
const SIGN_IN_PATHS = ['/login', '/register'];

/** Whether a path, as given or once percent-decoded, could name another origin or hide one. */
function leavesSite(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true; // a stray % that decodes to nothing: not a link this site makes
  }
  return [path, decoded].some(
    (form) => !form.startsWith('/') || form.startsWith('//') || hasUnsafeCharacter(form),
  );
}

/**
 * The page to return to after signing in, from /login's `next` parameter: a path on this site only.
 * Anything that could leave it (`https://evil`, `//evil`, `/\evil`, `/.//evil`, `/%2F%2Fevil`,
 * `javascript:`) or loop back to /login or /register is refused (null), and the caller falls back to
 * /dashboard. The path is checked as given, percent-decoded, and once normalised (dot segments
 * resolved, as the router would): each must be a single `/` followed by no second `/` or `\`.
 */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || hasUnsafeCharacter(next) || leavesSite(next.split(/[?#]/, 1)[0])) return null;
  let url: URL;
  try {
    url = new URL(next, SAME_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== SAME_ORIGIN || leavesSite(url.pathname) || SIGN_IN_PATHS.includes(url.pathname))
    return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * /login with the page the visitor was on as `next`, so that signing in brings them back. The page's
 * fragment stays a fragment, of /login's own address: a query string reaches servers and their logs,
 * a fragment never does, and some carry a secret (the verification link's token).
 */
export function loginPathReturningTo(location: { pathname: string; search: string; hash: string }): string {
  const next = `${location.pathname}${location.search}`;
  return safeReturnPath(next) ? `/login?${new URLSearchParams({ next })}${location.hash}` : '/login';
}

/**
 * Where /login sends a visitor once signed in: `next` (a path on this site only, else /dashboard),
 * with /login's own fragment handed on to it (see loginPathReturningTo) unless `next` has one.
 */
export function returnPathAfterSignIn(next: string | null | undefined, hash: string): string {
  const path = safeReturnPath(next);
  if (!path) return DEFAULT_SIGNED_IN_PATH;
  if (!hash || hash === '#' || path.includes('#')) return path;
  return safeReturnPath(`${path}${hash}`) ?? path;
}
