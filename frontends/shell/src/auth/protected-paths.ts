/** The routes that require a signed-in user (spec §2 route table); everything below them does too. */
export const PROTECTED_PATHS: readonly string[] = ['/dashboard', '/account', '/subscribe'];

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
