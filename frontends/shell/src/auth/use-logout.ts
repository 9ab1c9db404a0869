import { useAuth } from '@fxrates/web-kit';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Logout of the top bar and the burger menu: closes the menu, goes to / and signs out.
 * Going home first keeps a protected page from redirecting to /login as the user disappears.
 * A failure is only logged; the auth context has logged and re-thrown it.
 */
export function useLogout(closeMenu?: () => void): () => Promise<void> {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    closeMenu?.();
    navigate('/');
    try {
      await logout();
    } catch (error) {
      console.error('Logout failed', error);
    }
  }, [closeMenu, logout, navigate]);
}
