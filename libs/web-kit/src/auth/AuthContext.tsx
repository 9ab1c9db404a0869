import {
  AUTH_MESSAGES,
  type CurrentUser,
  type ReauthenticateRequest,
  type RegisterRequest,
  type TwoFactorProof,
} from '@fxrates/domain';
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useApi } from '../api/ApiContext';
import { AuthSession } from './auth-session';

export interface AuthContextValue {
  /** The signed-in user, or null. */
  user: CurrentUser | null;
  /**
   * True until the start-up refresh has answered (it runs after the first paint, and only when a
   * sign-in may exist). Pages render meanwhile; protected routes show "Loading...".
   */
  loading: boolean;
  /** Throws TwoFactorRequired when the account wants a code too (then `completeTwoFactorLogin`). */
  login: (email: string, password: string) => Promise<CurrentUser>;
  completeTwoFactorLogin: (challenge: string, proof: TwoFactorProof) => Promise<CurrentUser>;
  /** "Confirm it's you" before key creation and plan changes: the password, or a code with two-factor on. */
  reauthenticate: (request: ReauthenticateRequest) => Promise<CurrentUser>;
  signup: (request: RegisterRequest) => Promise<CurrentUser>;
  logout: () => Promise<void>;
  /** Renews the access token; throws "No user is currently signed in" when nobody is. */
  refresh: () => Promise<CurrentUser>;
  /** Verifies the user's address with the token of the emailed link; the user is then verified. */
  verifyEmail: (token: string) => Promise<CurrentUser>;
  /** Reads the signed-in user from the API again (e.g. verified meanwhile in another tab). */
  reloadUser: () => Promise<CurrentUser>;
  /** The in-memory access token, or null when signed out. API calls through useApi() carry it already. */
  getAccessToken: () => Promise<string | null>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The signed-in user for everything below it (shell and remotes share it through the
 * @fxrates/web-kit singleton). Its children render at once: a public page never waits for the
 * session, while what depends on the user reads `loading` (the protected routes
 * show "Loading..."). The logic lives in AuthSession; this is the React binding.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { client } = useApi();
  const session = useMemo(() => new AuthSession({ client }), [client]);
  useEffect(() => session.connect(), [session]);
  const { user, loading } = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      login: session.login,
      completeTwoFactorLogin: session.completeTwoFactorLogin,
      reauthenticate: session.reauthenticate,
      signup: session.signup,
      logout: session.logout,
      refresh: session.refresh,
      verifyEmail: session.verifyEmail,
      reloadUser: session.reloadUser,
      getAccessToken: session.getAccessToken,
    }),
    [session, user, loading],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth state and actions; throws outside an AuthProvider. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(AUTH_MESSAGES.useAuthOutsideProvider);
  return value;
}
