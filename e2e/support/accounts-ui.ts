import { randomUUID } from 'node:crypto';
import {
  isTwoFactorChallenge,
  type AuthResponse,
  type LoginResponse,
  type PlanId,
  type RegisterRequest,
} from '@fxrates/domain';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { given } from './given';

export const E2E_PASSWORD = 'e2e-password-123';
export const REFRESH_COOKIE = 'fxrates_refresh';

export function uniqueEmail(): string {
  return `e2e-${randomUUID()}@example.test`;
}

export function heading(page: Page): Locator {
  return page.getByRole('heading', { level: 1 });
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Opens `path` and returns once the page's session refresh has answered. The page refreshes the
 * session once it has painted, after its load event; the caller's next navigation must not cut that
 * refresh off after the API rotated the cookie (the next page would present the old one: reuse,
 * signed out).
 */
async function openSignedIn(page: Page, baseUrl: string, path: string): Promise<void> {
  const refreshed = page.waitForResponse(
    (candidate) => new URL(candidate.url()).pathname === '/api/auth/refresh',
    { timeout: 30_000 },
  );
  await page.goto(`${baseUrl}${path}`);
  await refreshed;
}

/**
 * POSTs `body` to /api/auth/`route` through the browser context's own request client (it shares the
 * context's cookie jar), at the shell's origin as the page's forms would, so that the browser holds
 * the refresh cookie exactly as after using the form; answers the API's response.
 */
async function authenticateInContext(
  page: Page,
  baseUrl: string,
  route: 'register' | 'login',
  body: object,
  expectedStatus: number,
): Promise<AuthResponse> {
  const response = await page.context().request.post(`${baseUrl}/api/auth/${route}`, {
    data: body,
    headers: { origin: new URL(baseUrl).origin },
  });
  if (response.status() !== expectedStatus)
    throw new Error(`POST /api/auth/${route} answered ${response.status()}: ${await response.text()}`);
  const answer = (await response.json()) as LoginResponse;
  if (isTwoFactorChallenge(answer)) throw new Error(`POST /api/auth/${route} asked for a second factor`);
  return answer;
}

/**
 * A new user from the factories (given.user: Eve Tester, verified unless `{ verified: false }`, on
 * `plan` or Free), signed in with a real POST /api/auth/login in the browser's context, as the Login
 * form would; then opens `path`. One page load instead of the form's: signing in has tests of its own.
 * The user has signed in once since the account was made, so the dashboard greets them "Welcome
 * back"; no verification mail was sent. A test about sign-up's own effects uses `signedUpOverHttp`.
 */
export async function signedInAsNewUser(
  page: Page,
  baseUrl: string,
  path = '/dashboard',
  { verified = true, plan }: { verified?: boolean; plan?: PlanId } = {},
): Promise<{ id: string; email: string; password: string }> {
  const user = await given.user({
    firstName: 'Eve',
    lastName: 'Tester',
    email: uniqueEmail(),
    password: E2E_PASSWORD,
    verified,
    plan,
  });
  await authenticateInContext(page, baseUrl, 'login', { email: user.email, password: user.password }, 200);
  await openSignedIn(page, baseUrl, path);
  return { id: user.id, email: user.email, password: user.password };
}

/**
 * Signs up over HTTP (POST /api/auth/register in the browser's context, as the sign-up form would),
 * leaving what sign-up leaves: an unverified address, its verification mail on the queue, a user
 * the server has seen no sign-in of yet; then opens `path`. For tests of those effects only; any
 * other test takes `signedInAsNewUser`.
 */
export async function signedUpOverHttp(
  page: Page,
  baseUrl: string,
  path = '/dashboard',
): Promise<{ id: string; email: string; password: string }> {
  const request: RegisterRequest = {
    firstName: 'Eve',
    lastName: 'Tester',
    email: uniqueEmail(),
    password: E2E_PASSWORD,
  };
  const { user } = await authenticateInContext(page, baseUrl, 'register', request, 201);
  await openSignedIn(page, baseUrl, path);
  return { id: user.uid, email: request.email, password: request.password };
}

/** The access token of the next register, login or refresh answer the page receives. */
export async function accessTokenOf(page: Page, path: 'register' | 'login' | 'refresh'): Promise<string> {
  const response = await page.waitForResponse((candidate) => candidate.url().endsWith(`/api/auth/${path}`));
  return ((await response.json()) as AuthResponse).accessToken;
}

/**
 * Checks docs/decisions.md, "The access token lives in memory", in the browser: the access token is in no storage a script
 * can read, and the refresh cookie is HttpOnly, SameSite=Strict and scoped to /api/auth.
 */
export async function expectTokensOutOfScriptReach(
  page: Page,
  context: BrowserContext,
  accessToken: string,
): Promise<void> {
  const readable = await page.evaluate(() => ({
    localStorage: JSON.stringify(Object.entries(window.localStorage)),
    sessionStorage: JSON.stringify(Object.entries(window.sessionStorage)),
    cookie: document.cookie,
  }));
  expect(accessToken.length).toBeGreaterThan(20);
  for (const value of Object.values(readable)) {
    expect(value).not.toContain(accessToken);
    // No JWT of any kind (their header always starts with eyJ).
    expect(value).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    expect(value).not.toContain(REFRESH_COOKIE);
  }
  const refresh = (await context.cookies()).find((cookie) => cookie.name === REFRESH_COOKIE);
  expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
}

/** Requests the page sends to `path` (e.g. "/api/auth/register") from now on. */
export function recordRequests(page: Page, path: string): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) sent.push(request);
  });
  return sent;
}

/** Holds every request to `path` for `ms`, so that busy states can be observed. */
export async function delayRequests(page: Page, path: string, ms: number): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    },
  );
}

/** Signs in through the /login page's form (with `query`, e.g. "?next=%2Faccount"). */
export async function signInOnLoginPage(
  page: Page,
  baseUrl: string,
  user: { email: string; password: string },
  query = '',
): Promise<void> {
  await page.goto(`${baseUrl}/login${query}`);
  await page.getByRole('heading', { level: 1, name: 'Login to Your Account' }).waitFor();
  await page.getByLabel('Email Address').fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
