import {
  AUTH_MESSAGES,
  isTwoFactorChallenge,
  SESSION_HINT_COOKIE,
  type AuthResponse,
  type CurrentUser,
  type LoginRequest,
  type LoginResponse,
  type ReauthenticateRequest,
  type RegisterRequest,
  type TwoFactorLoginRequest,
  type TwoFactorProof,
  type VerifyEmailRequest,
} from '@fxrates/domain';
import type { ApiClient, ApiRequest, UnauthorizedContext } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { AccessToken } from './access-token';
import { browserRefreshLock, type RefreshLock } from './refresh-lock';
import { TwoFactorRequired } from './two-factor-required';

/** What the UI renders from: the user once known, and whether the first check is still running. */
export interface AuthSnapshot {
  readonly user: CurrentUser | null;
  /** True until the first refresh attempt has answered. */
  readonly loading: boolean;
}

export interface AuthSessionOptions {
  client: ApiClient;
  now?: () => number;
  /** Reloads the page once a signed-in user's session has ended under them. */
  reload?: () => void;
  /** Where auth failures are reported before they are re-thrown. */
  logError?: (message: string, error: unknown) => void;
  /** Serialises refreshes across tabs; the default uses the browser's Web Locks API. */
  refreshLock?: RefreshLock;
  /**
   * Whether a sign-in may exist on this browser. The default reads the API's session hint cookie
   * (no secret: the refresh token stays HttpOnly); without it nobody can be signed in, so the page
   * starts signed out and sends no refresh that the API could only refuse.
   */
  mayHaveSession?: () => boolean;
  /** Runs the start-up refresh once the page has painted; the default waits for the browser's first-paint entry. */
  afterFirstPaint?: (task: () => void) => void;
}

const LOADING: AuthSnapshot = { user: null, loading: true };
const SIGNED_OUT: AuthSnapshot = { user: null, loading: false };

const AUTH_PATHS = {
  login: '/auth/login',
  register: '/auth/register',
  refresh: '/auth/refresh',
  logout: '/auth/logout',
  me: '/auth/me',
  verifyEmail: '/auth/verify-email',
  loginTwoFactor: '/auth/login/two-factor',
  reauthenticate: '/auth/reauthenticate',
} as const;

/** The sign-in calls answer 401 for wrong credentials: they never carry a token nor trigger a refresh. */
const SIGN_IN_CALL = { skipAuth: true } as const;

function defaultReload(): void {
  if (typeof window !== 'undefined') window.location.reload();
}

function defaultLogError(message: string, error: unknown): void {
  console.error(message, error);
}

const SESSION_HINT = new RegExp(`(?:^|;\\s*)${SESSION_HINT_COOKIE}=1(?:;|$)`);

function defaultMayHaveSession(): boolean {
  // Outside a browser there is no cookie to read: always ask the API.
  return typeof document === 'undefined' || SESSION_HINT.test(document.cookie);
}

/** How long the start-up refresh waits for a first paint that may never come (a tab opened in the background). */
const PAINT_WAIT_LIMIT_MS = 3000;

/**
 * Once the browser has reported the page's first paint (Paint Timing), or after PAINT_WAIT_LIMIT_MS.
 * Without Paint Timing: after the next frame; outside a browser: at once.
 */
function defaultAfterFirstPaint(task: () => void): void {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    if (typeof requestAnimationFrame === 'undefined') task();
    else requestAnimationFrame(() => setTimeout(task, 0));
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(fallback);
    task();
  };
  const observer = new PerformanceObserver(run);
  const fallback = setTimeout(run, PAINT_WAIT_LIMIT_MS);
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * The signed-in user's session, in plain TypeScript so that it is tested without a browser.
 *
 * - The access token stays in memory; the refresh token is an HttpOnly cookie the browser sends to
 *   /api/auth only. At start-up, once the page has painted, one POST /auth/refresh tells whether
 *   someone is signed in; pages render meanwhile (only protected routes wait). Without the API's
 *   session hint cookie nobody can be, and no refresh is sent.
 * - Once connected to the API client, every request (except the sign-in calls) carries
 *   `Authorization: Bearer`. A 401 on such a request refreshes once and retries; when the refresh
 *   fails, or the retry is refused again, the user is signed out and the page reloads.
 *   Any refresh the API refuses with 401 while a user is signed in ends the session the same way.
 * - Concurrent refreshes share one request: rotating the refresh cookie twice with the same value
 *   would look like token theft to the API and sign the user out everywhere.
 *
 * The React layer subscribes to snapshots (useSyncExternalStore).
 */
export class AuthSession {
  private readonly client: ApiClient;
  private readonly now: () => number;
  private readonly reload: () => void;
  private readonly logError: (message: string, error: unknown) => void;
  private readonly refreshLock: RefreshLock;
  private readonly mayHaveSession: () => boolean;
  private readonly afterFirstPaint: (task: () => void) => void;

  private snapshot: AuthSnapshot;
  private token: AccessToken | null = null;
  private readonly listeners = new Set<() => void>();
  private restoring: Promise<void> | null = null;
  private refreshing: Promise<CurrentUser> | null = null;
  /** Changes with every sign-in and sign-out, so a refresh that answers late cannot undo a logout. */
  private generation = 0;

  constructor(options: AuthSessionOptions) {
    this.client = options.client;
    this.now = options.now ?? Date.now;
    this.reload = options.reload ?? defaultReload;
    this.logError = options.logError ?? defaultLogError;
    this.refreshLock = options.refreshLock ?? browserRefreshLock();
    this.mayHaveSession = options.mayHaveSession ?? defaultMayHaveSession;
    this.afterFirstPaint = options.afterFirstPaint ?? defaultAfterFirstPaint;
    this.snapshot = this.mayHaveSession() ? LOADING : SIGNED_OUT;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): AuthSnapshot => this.snapshot;

  /**
   * Hooks the session into the API client (Bearer header, 401 recovery) and, after the first
   * paint, restores the session from the refresh cookie. Returns the function that unhooks it.
   * Safe to call again.
   */
  connect(): () => void {
    const removeHeaders = this.client.addHeadersProvider(this.authorizationHeaders);
    const removeHandler = this.client.setUnauthorizedHandler(this.recoverFromUnauthorized);
    if (!this.restoring) this.afterFirstPaint(() => void this.restore());
    return () => {
      removeHeaders();
      removeHandler();
    };
  }

  /**
   * The first refresh attempt; resolves when loading has ended, signed in or not. Runs once, and
   * not at all when no sign-in can exist (no session hint).
   */
  restore(): Promise<void> {
    // Already known (no session hint from the start, or signed in or out meanwhile): nothing to ask.
    if (!this.restoring && !this.snapshot.loading) this.restoring = Promise.resolve();
    if (!this.restoring && !this.mayHaveSession()) {
      this.restoring = Promise.resolve();
      this.publish(SIGNED_OUT);
    }
    this.restoring ??= this.rotate().then(
      () => undefined,
      (error: unknown) => {
        // A 401 only means nobody is signed in on this browser; anything else is worth a log line.
        if (!(isApiError(error) && error.isUnauthorized)) {
          this.logError('Could not restore the session', error);
        }
        if (this.snapshot.loading) this.publish(SIGNED_OUT);
      },
    );
    return this.restoring;
  }

  /**
   * Signs in with the password. With two-factor on, the API wants a code as well: this throws
   * TwoFactorRequired, whose challenge `completeTwoFactorLogin` takes with the code.
   */
  readonly login = async (email: string, password: string): Promise<CurrentUser> => {
    let response: LoginResponse;
    try {
      const body: LoginRequest = { email, password };
      response = await this.client.post<LoginResponse>(AUTH_PATHS.login, body, SIGN_IN_CALL);
    } catch (error) {
      this.logError('Login failed', error);
      throw error;
    }
    if (isTwoFactorChallenge(response)) throw new TwoFactorRequired(response);
    return this.signIn(response);
  };

  /** The code step of a sign-in with two-factor on: the challenge of `login` and a code. */
  readonly completeTwoFactorLogin = async (
    challenge: string,
    proof: TwoFactorProof,
  ): Promise<CurrentUser> => {
    try {
      const body: TwoFactorLoginRequest = { challenge, ...proof };
      return this.signIn(await this.client.post<AuthResponse>(AUTH_PATHS.loginTwoFactor, body, SIGN_IN_CALL));
    } catch (error) {
      this.logError('Login failed', error);
      throw error;
    }
  };

  /**
   * "Confirm it's you": proves the password (or, with two-factor on, a code) again, and keeps the
   * fresh access token the API answers, which key creation and plan changes ask for.
   */
  readonly reauthenticate = async (request: ReauthenticateRequest): Promise<CurrentUser> => {
    const generation = this.generation;
    const response = await this.client.post<AuthResponse>(AUTH_PATHS.reauthenticate, request);
    if (generation !== this.generation || this.snapshot.user?.uid !== response.user.uid) {
      throw new Error(AUTH_MESSAGES.refreshWithoutUser);
    }
    this.token = AccessToken.from(response, this.now());
    this.publish({ user: response.user, loading: false });
    return response.user;
  };

  readonly signup = async (request: RegisterRequest): Promise<CurrentUser> => {
    try {
      return this.signIn(await this.client.post<AuthResponse>(AUTH_PATHS.register, request, SIGN_IN_CALL));
    } catch (error) {
      this.logError('Sign-up failed', error);
      throw error;
    }
  };

  /** Revokes the sign-in on the server (which clears the cookie), then forgets the user. */
  readonly logout = async (): Promise<void> => {
    try {
      await this.client.post<void>(AUTH_PATHS.logout, undefined, SIGN_IN_CALL);
    } catch (error) {
      this.logError('Logout failed', error);
      throw error;
    }
    this.signOut();
  };

  /** Renews the access token now. Throws "No user is currently signed in" when nobody is. */
  readonly refresh = async (): Promise<CurrentUser> => {
    try {
      if (!this.snapshot.user) throw new Error(AUTH_MESSAGES.refreshWithoutUser);
      return await this.rotate();
    } catch (error) {
      this.logError('Token refresh failed', error);
      throw error;
    }
  };

  /**
   * Verifies the signed-in user's address with the token of the emailed link, and publishes the
   * user the API answers (now verified). Errors (an invalid, expired or used link) are thrown as the
   * API sent them; the caller shows their message.
   */
  readonly verifyEmail = async (token: string): Promise<CurrentUser> => {
    const generation = this.generation;
    const body: VerifyEmailRequest = { token };
    const user = await this.client.post<CurrentUser>(AUTH_PATHS.verifyEmail, body);
    return this.replaceUser(generation, user);
  };

  /**
   * Reads the signed-in user again (GET /auth/me) and publishes them: after something changed them
   * on the server, e.g. the address verified in another tab.
   */
  readonly reloadUser = async (): Promise<CurrentUser> => {
    if (!this.snapshot.user) throw new Error(AUTH_MESSAGES.refreshWithoutUser);
    const generation = this.generation;
    return this.replaceUser(generation, await this.client.get<CurrentUser>(AUTH_PATHS.me));
  };

  /** A current access token (renewed first when about to expire), or null when signed out. */
  readonly getAccessToken = async (): Promise<string | null> => {
    if (this.token?.isExpiring(this.now())) {
      try {
        await this.rotate();
      } catch (error) {
        // The request goes out with the old token; its 401 takes the recovery path.
        this.logError('Token refresh failed', error);
      }
    }
    return this.token?.value ?? null;
  };

  private readonly authorizationHeaders = async (
    request: ApiRequest,
  ): Promise<Record<string, string> | undefined> => {
    if (request.skipAuth) return undefined;
    const token = await this.getAccessToken();
    return token ? { Authorization: `Bearer ${token}` } : undefined;
  };

  /** On a 401 with a signed-in user, refresh once and retry; else sign out and reload. */
  private readonly recoverFromUnauthorized = async ({
    sentHeaders,
    retried,
  }: UnauthorizedContext): Promise<boolean> => {
    const sent = sentHeaders.get('Authorization');
    // Not sent on behalf of a user (e.g. the converter's anonymous session), or the user has left.
    if (!sent || !this.token) return false;
    if (!retried) {
      // Another call renewed the token while this one was under way: just send it again.
      if (sent !== this.token.header) return true;
      try {
        await this.rotate();
        return true;
      } catch (error) {
        this.logError('Token refresh failed', error);
      }
    }
    // Still signed in (a refresh refused with 401 or an explicit logout has already signed out).
    if (this.token) this.endSession();
    return false;
  };

  /** POST /auth/refresh; callers arriving while one is under way share its answer. */
  private rotate(): Promise<CurrentUser> {
    this.refreshing ??= this.requestRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async requestRefresh(): Promise<CurrentUser> {
    const generation = this.generation;
    let response: AuthResponse;
    try {
      response = await this.refreshLock(() =>
        this.client.post<AuthResponse>(AUTH_PATHS.refresh, undefined, SIGN_IN_CALL),
      );
    } catch (error) {
      // The API refused the cookie of a signed-in user: their session is over.
      if (isApiError(error) && error.isUnauthorized && generation === this.generation && this.token) {
        this.endSession();
      }
      throw error;
    }
    if (generation !== this.generation) {
      // Signed out (or in again) while the refresh was under way: that newer state stands.
      if (this.snapshot.user) return this.snapshot.user;
      throw new Error(AUTH_MESSAGES.refreshWithoutUser);
    }
    return this.signIn(response);
  }

  private signIn(response: AuthResponse): CurrentUser {
    this.generation += 1;
    this.token = AccessToken.from(response, this.now());
    this.publish({ user: response.user, loading: false });
    return response.user;
  }

  /** The same sign-in's user as the API now sees them; a sign-out or new sign-in meanwhile stands. */
  private replaceUser(generation: number, user: CurrentUser): CurrentUser {
    if (generation === this.generation && this.snapshot.user?.uid === user.uid) {
      this.publish({ user, loading: false });
    }
    return user;
  }

  private signOut(): void {
    this.generation += 1;
    this.token = null;
    this.publish(SIGNED_OUT);
  }

  /** The session ended under the user: forget them and reload, so every screen starts signed out. */
  private endSession(): void {
    this.signOut();
    this.reload();
  }

  private publish(snapshot: AuthSnapshot): void {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}
