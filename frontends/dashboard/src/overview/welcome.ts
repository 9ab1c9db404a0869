import type { AccountResponse } from '@fxrates/domain';

/**
 * The Overview's greeting: "Welcome" for a new user (the server has seen no sign-in since the sign-up,
 * `lastSignInAt` null), "Welcome back" after; just "Welcome!" while the account is unknown.
 */
export function welcomeText(account: Pick<AccountResponse, 'displayName' | 'lastSignInAt'> | null): string {
  if (!account) return 'Welcome!';
  const greeting = account.lastSignInAt === null ? 'Welcome' : 'Welcome back';
  return account.displayName ? `${greeting}, ${account.displayName}!` : `${greeting}!`;
}
