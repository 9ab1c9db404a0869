/**
 * The routes that require a signed-in user (a change of
 * address is confirmed by the account that asked for it); everything below them does too.
 */
export const PROTECTED_PATHS: readonly string[] = ['/dashboard', '/account', '/confirm-email', '/subscribe'];

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
