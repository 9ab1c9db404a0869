import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { linkTokenOf } from './link-token';

/**
 * The token of the emailed link that opened this page (`…#token=<token>`: a verification, a password
 * reset, a change of email), held in state and taken out of the address bar at once, so that it stays
 * in no history or bookmark. Another link opened in the same tab changes only the fragment: its token
 * replaces the one held. Null when the page was opened without one.
 */
export function useLinkToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const linkToken = linkTokenOf(location.hash);
  const [token, setToken] = useState(linkToken);
  if (linkToken && linkToken !== token) setToken(linkToken);

  useEffect(() => {
    if (location.hash) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    }
  }, [location.hash, location.pathname, location.search, navigate]);

  return linkToken ?? token;
}
