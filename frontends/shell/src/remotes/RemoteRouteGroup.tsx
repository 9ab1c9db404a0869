import { NotFoundPage } from '@fxrates/web-kit';
import { useLocation } from 'react-router';
import { isProtectedPath } from '../auth/protected-paths';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { RemoteApp } from './RemoteApp';
import { findOwningRemote } from './route-ownership';

/**
 * Renders the remote that owns the current path, behind ProtectedRoute where the spec requires a
 * user; one instance per remote so its state survives in-app navigation.
 */
export function RemoteRouteGroup() {
  const { pathname } = useLocation();
  const owner = findOwningRemote(pathname);
  if (!owner) return <NotFoundPage />;
  const app = <RemoteApp key={owner} name={owner} />;
  return isProtectedPath(pathname) ? <ProtectedRoute>{app}</ProtectedRoute> : app;
}
