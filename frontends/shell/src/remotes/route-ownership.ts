import type { RemoteName } from '@fxrates/web-kit';

/**
 * Which remote owns each top-level route of the product. The shell knows only
 * this ownership; each remote's own <Routes> decides what to render below it.
 * /login and /register belong to the shell itself.
 */
export const ROUTE_OWNERS: Readonly<Record<string, RemoteName>> = {
  '/': 'marketing',
  '/pricing': 'marketing',
  '/docs': 'marketing',
  '/contact': 'marketing',
  '/privacy': 'marketing',
  '/terms': 'marketing',
  '/status': 'marketing',
  '/dashboard': 'dashboard',
  '/account': 'dashboard',
  '/confirm-email': 'dashboard',
  '/subscribe': 'billing',
};

/** The remote owning a pathname, or undefined for paths nobody owns. */
export function findOwningRemote(pathname: string): RemoteName | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (normalised === '/' || normalised === '') return ROUTE_OWNERS['/'];
  const topLevel = `/${normalised.split('/')[1]}`;
  return topLevel === '/' ? undefined : ROUTE_OWNERS[topLevel];
}
