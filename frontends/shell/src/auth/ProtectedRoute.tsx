import { LoadingState, useAuth } from '@fxrates/web-kit';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

/**
 * Spec §2: "Loading..." while the auth state loads, /login without a user, else the page. The
 * remotes render inside it, so they never see a signed-out visitor.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <LoadingState />;
  if (!user) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
