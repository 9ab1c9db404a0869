import { LoadingState, useAuth } from '@fxrates/web-kit';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathReturningTo } from './return-path';

/**
 * "Loading..." while the auth state loads, /login without a user, else the page. The
 * remotes render inside it, so they never see a signed-out visitor. /login is told the page (`next`),
 * so that signing in returns there.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingState />;
  if (!user) return <Navigate to={loginPathReturningTo(location)} replace />;
  return <>{children}</>;
}
