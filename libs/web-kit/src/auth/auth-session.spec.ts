import { AUTH_MESSAGES, type CurrentUser, type RegisterRequest } from '@fxrates/domain';
import { ApiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { AuthSession, type AuthSessionOptions } from './auth-session';
import { noRefreshLock, type RefreshLock } from './refresh-lock';
import { isTwoFactorRequired, TwoFactorRequired } from './two-factor-required';
import { AuthApiStandIn, REFRESH_COOKIE } from './testing/auth-api-stand-in';
import { CookieJar } from './testing/cookie-jar';

const ADA: RegisterRequest = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines',
  email: 'ada@example.test',
  password: 'secret-123',
  confirmPassword: 'secret-123',
};

let api: AuthApiStandIn;

beforeEach(async () => {
  api = await AuthApiStandIn.start();
});

afterEach(() => api.close());

/** One page load: its own API client and session, sharing the browser's cookie jar. */
function openPage(jar = new CookieJar(), options: Partial<AuthSessionOptions> = {}) {
  const client = new ApiClient({ baseUrl: api.baseUrl, fetchImpl: jar.fetch });
  const reload = jest.fn();
  const logError = jest.fn();
  const session = new AuthSession({ client, reload, logError, refreshLock: noRefreshLock, ...options });
  const disconnect = session.connect();
  return { jar, client, session, reload, logError, disconnect };
}

/** A page on which Ada has just registered. */
async function signedInPage(options: Partial<AuthSessionOptions> = {}) {
  const page = openPage(new CookieJar(), options);
  await page.session.restore();
  await page.session.signup(ADA);
  return page;
}

const me = (client: ApiClient) => client.get<CurrentUser>('/auth/me');

describe('AuthSession', () => {
  describe('start-up', () => {
    it('is loading until the first refresh answers, then signed out without a cookie', async () => {
      const { session, logError } = openPage();
      expect(session.getSnapshot()).toEqual({ user: null, loading: true });

      await session.restore();

      expect(session.getSnapshot()).toEqual({ user: null, loading: false });
      expect(api.count('POST /api/auth/refresh')).toBe(1);
      // Nobody signed in is the normal case for a visitor, not an error.
      expect(logError).not.toHaveBeenCalled();
    });

    it('restores the user from the refresh cookie after a reload, rotating the cookie', async () => {
      const first = await signedInPage();
      const cookieBefore = first.jar.get(REFRESH_COOKIE);
      first.disconnect();

      const reloaded = openPage(first.jar);
      await reloaded.session.restore();

      expect(reloaded.session.getSnapshot()).toEqual({
        user: {
          uid: expect.any(String),
          email: 'ada@example.test',
          displayName: 'Ada Lovelace',
          emailVerified: false,
        },
        loading: false,
      });
      expect(first.jar.get(REFRESH_COOKIE)).toBeDefined();
      expect(first.jar.get(REFRESH_COOKIE)).not.toBe(cookieBefore);
      await expect(me(reloaded.client)).resolves.toMatchObject({ email: 'ada@example.test' });
    });

    it('sends one refresh however often it is connected and restored', async () => {
      const { session } = openPage();
      // React's StrictMode connects, disconnects and connects again.
      session.connect()();
      session.connect();
      await Promise.all([session.restore(), session.restore()]);
      expect(api.count('POST /api/auth/refresh')).toBe(1);
    });

    it('starts signed out and sends no refresh when no sign-in can exist on this browser', async () => {
      const { session, logError } = openPage(new CookieJar(), { mayHaveSession: () => false });
      expect(session.getSnapshot()).toEqual({ user: null, loading: false });

      await session.restore();

      expect(session.getSnapshot()).toEqual({ user: null, loading: false });
      expect(api.count('POST /api/auth/refresh')).toBe(0);
      expect(logError).not.toHaveBeenCalled();
    });

    it('sends the start-up refresh only once the page has painted', async () => {
      const painted: (() => void)[] = [];
      const { session } = openPage(new CookieJar(), { afterFirstPaint: (task) => painted.push(task) });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(api.count('POST /api/auth/refresh')).toBe(0);
      expect(session.getSnapshot().loading).toBe(true);

      for (const task of painted) task();
      await session.restore();

      expect(api.count('POST /api/auth/refresh')).toBe(1);
      expect(session.getSnapshot()).toEqual({ user: null, loading: false });
    });

    it('ends loading and logs when the API cannot be reached', async () => {
      const client = new ApiClient({
        baseUrl: api.baseUrl,
        fetchImpl: () => Promise.reject(new TypeError('fetch failed')),
      });
      const logError = jest.fn();
      const session = new AuthSession({ client, logError, reload: jest.fn(), refreshLock: noRefreshLock });

      await session.restore();

      expect(session.getSnapshot()).toEqual({ user: null, loading: false });
      expect(logError).toHaveBeenCalledWith('Could not restore the session', expect.any(ApiError));
    });

    it('notifies subscribers of every change', async () => {
      const { session } = openPage();
      const listener = jest.fn();
      const unsubscribe = session.subscribe(listener);
      await session.restore();
      await session.signup(ADA);
      unsubscribe();
      await session.logout();
      expect(listener).toHaveBeenCalledTimes(2);
    });
  });

  describe('sign-up, login and logout', () => {
    it('signs up: the user is known, the cookie is set and API calls carry the Bearer token', async () => {
      const { session, client, jar } = await signedInPage();

      expect(session.getSnapshot().user).toMatchObject({
        email: 'ada@example.test',
        displayName: 'Ada Lovelace',
      });
      expect(jar.get(REFRESH_COOKIE)).toBeDefined();
      const token = await session.getAccessToken();
      expect(token).toMatch(/^access-/);

      await me(client);
      expect(api.requests.at(-1)?.authorization).toBe(`Bearer ${token}`);
    });

    it('never sends the Bearer token on the sign-in calls themselves', async () => {
      const { session } = await signedInPage();
      await session.logout();
      await session.login(ADA.email, ADA.password);
      const signInCalls = api.requests.filter(
        (request) => request.path.startsWith('/api/auth/') && request.method === 'POST',
      );
      expect(signInCalls.map((request) => request.authorization)).toEqual(signInCalls.map(() => undefined));
    });

    it('logs in after a logout', async () => {
      const { session } = await signedInPage();
      await session.logout();
      await expect(session.login('ADA@example.test', ADA.password)).resolves.toMatchObject({
        email: 'ada@example.test',
      });
      expect(session.getSnapshot().user?.email).toBe('ada@example.test');
    });

    it.each([
      ['nobody@example.test', ADA.password, 'user-not-found'],
      [ADA.email, 'not-the-password', 'wrong-password'],
      ['not-an-email', ADA.password, 'invalid-email'],
    ])(
      're-throws a failed login (%s) with its code, logged, and stays signed out',
      async (email, password, code) => {
        const { session, logError } = await signedInPage();
        await session.logout();
        const refreshesBefore = api.count('POST /api/auth/refresh');

        const error = await session.login(email, password).catch((caught: unknown) => caught);

        expect(error).toBeInstanceOf(ApiError);
        expect(error).toMatchObject({ code });
        expect(logError).toHaveBeenCalledWith('Login failed', error);
        expect(session.getSnapshot()).toEqual({ user: null, loading: false });
        // A 401 of the login call is an answer, not an expired token: no refresh is attempted.
        expect(api.count('POST /api/auth/refresh')).toBe(refreshesBefore);
      },
    );

    it('re-throws a failed sign-up with its code, logged', async () => {
      await signedInPage();
      const { session, logError } = openPage();
      await session.restore();

      const error = await session
        .signup({ ...ADA, email: 'Ada@Example.test' })
        .catch((caught: unknown) => caught);

      expect(error).toMatchObject({ status: 409, code: 'email-already-in-use' });
      expect(logError).toHaveBeenCalledWith('Sign-up failed', error);
      expect(session.getSnapshot().user).toBeNull();
    });

    it('logs out: the server revokes the sign-in and clears the cookie, the token is forgotten', async () => {
      const { session, jar, client } = await signedInPage();

      await session.logout();

      expect(session.getSnapshot()).toEqual({ user: null, loading: false });
      expect(jar.get(REFRESH_COOKIE)).toBeUndefined();
      await expect(session.getAccessToken()).resolves.toBeNull();
      await expect(me(client)).rejects.toMatchObject({ status: 401 });
      expect(api.requests.at(-1)?.authorization).toBeUndefined();

      const reloaded = openPage(jar);
      await reloaded.session.restore();
      expect(reloaded.session.getSnapshot().user).toBeNull();
    });

    it('logs and re-throws a failed logout, and stays signed in', async () => {
      const { session, logError } = await signedInPage();
      await api.close();

      await expect(session.logout()).rejects.toMatchObject({ code: 'network-error' });

      expect(logError).toHaveBeenCalledWith('Logout failed', expect.any(ApiError));
      expect(session.getSnapshot().user?.email).toBe('ada@example.test');
      api = await AuthApiStandIn.start();
    });

    it('stays signed out when a refresh answers after the logout', async () => {
      const { session, reload } = await signedInPage();
      api.refreshDelayMs = 100;

      const refreshing = session.refresh().catch((caught: unknown) => caught);
      await session.logout();

      expect(await refreshing).toEqual(new Error(AUTH_MESSAGES.refreshWithoutUser));
      expect(session.getSnapshot()).toEqual({ user: null, loading: false });
      await expect(session.getAccessToken()).resolves.toBeNull();
      expect(reload).not.toHaveBeenCalled();
    });
  });

  describe('two-factor authentication', () => {
    it('answers the password of an account with two-factor on with TwoFactorRequired, then signs in with the code', async () => {
      const { session, jar } = await signedInPage();
      await session.logout();
      api.requireCode(ADA.email, '492039');

      const required = await session.login(ADA.email, ADA.password).catch((caught: unknown) => caught);
      expect(required).toBeInstanceOf(TwoFactorRequired);
      expect(isTwoFactorRequired(required)).toBe(true);
      const { challenge, expiresIn } = required as TwoFactorRequired;
      expect([challenge, expiresIn]).toEqual([expect.stringMatching(/^challenge-/), 300]);
      expect(session.getSnapshot()).toEqual({ user: null, loading: false });
      expect(jar.get(REFRESH_COOKIE)).toBeUndefined();

      const wrong = await session
        .completeTwoFactorLogin(challenge, { code: '000000' })
        .catch((caught: unknown) => caught);
      expect(wrong).toMatchObject({ code: 'wrong-two-factor-code' });
      expect(session.getSnapshot().user).toBeNull();

      await expect(session.completeTwoFactorLogin(challenge, { code: '492039' })).resolves.toMatchObject({
        email: ADA.email,
      });
      expect(session.getSnapshot().user?.email).toBe(ADA.email);
      expect(jar.get(REFRESH_COOKIE)).toBeDefined();
    });

    it('takes the fresh access token of a reauthentication, and keeps the sign-in', async () => {
      const { session, client, jar } = await signedInPage();
      const before = await session.getAccessToken();
      const cookie = jar.get(REFRESH_COOKIE);

      await expect(session.reauthenticate({ password: 'not-the-password' })).rejects.toMatchObject({
        code: 'wrong-current-password',
      });
      expect(await session.getAccessToken()).toBe(before);

      await session.reauthenticate({ password: ADA.password });
      const after = await session.getAccessToken();
      expect(after).not.toBe(before);
      await me(client);
      expect(api.requests.at(-1)?.authorization).toBe(`Bearer ${after}`);
      expect(jar.get(REFRESH_COOKIE)).toBe(cookie);
      expect(session.getSnapshot().user?.email).toBe(ADA.email);
    });
  });

  describe('refresh', () => {
    it('throws "No user is currently signed in" without a user, logged', async () => {
      const { session, logError } = openPage();
      await session.restore();

      await expect(session.refresh()).rejects.toThrow(AUTH_MESSAGES.refreshWithoutUser);
      expect(logError).toHaveBeenCalledWith('Token refresh failed', expect.any(Error));
      expect(api.count('POST /api/auth/refresh')).toBe(1);
    });

    it('renews the access token and rotates the cookie', async () => {
      const { session, jar } = await signedInPage();
      const [tokenBefore, cookieBefore] = [await session.getAccessToken(), jar.get(REFRESH_COOKIE)];

      await expect(session.refresh()).resolves.toMatchObject({ email: 'ada@example.test' });

      expect(await session.getAccessToken()).not.toBe(tokenBefore);
      expect(jar.get(REFRESH_COOKIE)).not.toBe(cookieBefore);
    });

    it('shares one request among concurrent refreshes', async () => {
      const { session } = await signedInPage();
      api.refreshDelayMs = 50;
      const before = api.count('POST /api/auth/refresh');

      const users = await Promise.all([session.refresh(), session.refresh(), session.refresh()]);

      expect(api.count('POST /api/auth/refresh')).toBe(before + 1);
      expect(new Set(users.map((user) => user.uid)).size).toBe(1);
    });

    it('runs refreshes under the cross-tab lock', async () => {
      let locked = 0;
      const refreshLock: RefreshLock = (task) => {
        locked += 1;
        return task();
      };
      const { session } = await signedInPage({ refreshLock });
      await session.refresh();
      // The start-up refresh and this one.
      expect(locked).toBe(2);
    });

    it('renews a token about to expire before sending a request', async () => {
      let now = Date.UTC(2026, 10, 22, 12);
      const { session, client } = await signedInPage({ now: () => now });
      const tokenBefore = await session.getAccessToken();
      const before = api.count('POST /api/auth/refresh');
      now += 14.75 * 60_000;

      await me(client);

      expect(api.count('POST /api/auth/refresh')).toBe(before + 1);
      expect(api.count('GET /api/auth/me')).toBe(1);
      expect(api.requests.at(-1)?.authorization).not.toBe(`Bearer ${tokenBefore}`);
    });
  });

  describe('a 401 on a signed-in call', () => {
    it('refreshes once and retries the call', async () => {
      const { session, client, reload } = await signedInPage();
      const tokenBefore = await session.getAccessToken();
      api.expireAccessTokens();

      await expect(me(client)).resolves.toMatchObject({ email: 'ada@example.test' });

      const calls = api.requests.filter((request) => request.path === '/api/auth/me');
      expect(calls.map((request) => request.authorization)).toEqual([
        `Bearer ${tokenBefore}`,
        `Bearer ${await session.getAccessToken()}`,
      ]);
      expect(api.count('POST /api/auth/refresh')).toBe(2);
      expect(reload).not.toHaveBeenCalled();
    });

    it('deduplicates the refresh of many calls refused at once', async () => {
      const { client, reload } = await signedInPage();
      api.expireAccessTokens();
      api.refreshDelayMs = 30;
      const before = api.count('POST /api/auth/refresh');

      await Promise.all(Array.from({ length: 5 }, () => me(client)));

      expect(api.count('POST /api/auth/refresh')).toBe(before + 1);
      expect(api.count('GET /api/auth/me')).toBe(10);
      expect(reload).not.toHaveBeenCalled();
    });

    it('retries without another refresh when the token was renewed while the call was under way', async () => {
      const { session, client } = await signedInPage();
      api.expireAccessTokens();
      const before = api.count('POST /api/auth/refresh');

      // The first call's 401 refreshes; the second, sent with the old token, just retries.
      await me(client);
      const stale = api.requests.find((request) => request.path === '/api/auth/me')?.authorization ?? '';
      let firstAttempt = true;
      client.addHeadersProvider(() => {
        if (!firstAttempt) return undefined;
        firstAttempt = false;
        return { Authorization: stale };
      });
      const retried = await me(client);

      expect(retried.email).toBe('ada@example.test');
      expect(api.count('POST /api/auth/refresh')).toBe(before + 1);
      expect(session.getSnapshot().user).not.toBeNull();
    });

    it('signs out and reloads when the refresh is refused', async () => {
      const { session, client, reload, logError } = await signedInPage();
      api.expireAccessTokens();
      api.revokeAllSessions();

      await expect(me(client)).rejects.toMatchObject({ status: 401, code: 'unauthorized' });

      expect(session.getSnapshot()).toEqual({ user: null, loading: false });
      expect(reload).toHaveBeenCalledTimes(1);
      expect(logError).toHaveBeenCalledWith('Token refresh failed', expect.objectContaining({ status: 401 }));
    });

    it('signs out and reloads when the retry is refused too', async () => {
      const { session, client, reload } = await signedInPage();
      api.expireAccessTokens();
      api.deleteUser(ADA.email);

      await expect(me(client)).rejects.toMatchObject({ status: 401 });

      expect(session.getSnapshot().user).toBeNull();
      expect(reload).toHaveBeenCalledTimes(1);
    });

    it('leaves a 401 of an anonymous call to its caller', async () => {
      const { session, client, reload } = openPage();
      await session.restore();

      await expect(
        client.get('/rates/convert', { headers: { 'X-Session-Token': 'expired-session' } }),
      ).rejects.toMatchObject({ status: 401, code: 'invalid-session-token' });

      expect(api.count('POST /api/auth/refresh')).toBe(1);
      expect(reload).not.toHaveBeenCalled();
    });

    it('lets the converter use the Bearer token of a signed-in user, refreshed on 401', async () => {
      const { client, reload } = await signedInPage();
      api.expireAccessTokens();

      await expect(
        client.get('/rates/convert', { headers: { 'X-Session-Token': 'expired-session' } }),
      ).resolves.toEqual({ rate: 0.9, result: 0.9 });
      expect(reload).not.toHaveBeenCalled();
    });

    it('stops adding the token and handling 401s once disconnected', async () => {
      const { client, disconnect } = await signedInPage();
      disconnect();

      await expect(me(client)).rejects.toMatchObject({ status: 401 });
      expect(api.requests.at(-1)?.authorization).toBeUndefined();
    });
  });

  describe('email verification', () => {
    it('publishes the user verified once the link is accepted', async () => {
      const { session } = await signedInPage();
      const user = session.getSnapshot().user!;
      expect(user.emailVerified).toBe(false);
      const seen: boolean[] = [];
      session.subscribe(() => seen.push(session.getSnapshot().user?.emailVerified ?? false));

      await expect(session.verifyEmail(AuthApiStandIn.verificationToken(user))).resolves.toMatchObject({
        uid: user.uid,
        emailVerified: true,
      });

      expect(session.getSnapshot()).toEqual({ user: { ...user, emailVerified: true }, loading: false });
      expect(seen).toEqual([true]);
    });

    it("throws the API's problem for a link it refuses, and leaves the user as they were", async () => {
      const { session } = await signedInPage();
      const before = session.getSnapshot();

      await expect(session.verifyEmail('verify-someone-else')).rejects.toMatchObject({
        status: 400,
        code: 'verification-link-invalid',
      });
      expect(session.getSnapshot()).toBe(before);
    });

    it('reloads the user from /auth/me, e.g. once verified in another tab', async () => {
      const jar = new CookieJar();
      const first = openPage(jar);
      await first.session.restore();
      await first.session.signup(ADA);
      const user = first.session.getSnapshot().user!;
      const second = openPage(jar);
      await second.session.restore();
      await second.session.verifyEmail(AuthApiStandIn.verificationToken(user));

      await first.session.reloadUser();

      expect(first.session.getSnapshot().user).toEqual({ ...user, emailVerified: true });
    });

    it('does not bring back a user who signed out while the answer was on its way', async () => {
      const { session } = await signedInPage();
      const user = session.getSnapshot().user!;
      const verifying = session.verifyEmail(AuthApiStandIn.verificationToken(user));
      await session.logout();

      await verifying;
      expect(session.getSnapshot()).toEqual({ user: null, loading: false });
    });
  });
});
