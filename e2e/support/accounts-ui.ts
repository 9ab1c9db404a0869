import { randomUUID } from 'node:crypto';
import type { AuthResponse, RegisterRequest } from '@fxrates/domain';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { markEmailVerified } from './verified-email';

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
 * Registers through the browser context's own request client (it shares the context's cookie jar),
 * at the shell's origin as the page's form would, so that the browser holds the refresh cookie
 * exactly as after signing up through the UI; then opens `path`. The address is marked verified
 * unless `{ verified: false }`. One page load instead of two: the sign-up form has tests of its own.
 */
export async function signUpInBrowser(
  page: Page,
  baseUrl: string,
  path = '/dashboard',
  { verified = true }: { verified?: boolean } = {},
): Promise<{ id: string; email: string; password: string }> {
  const request: RegisterRequest = {
    firstName: 'Eve',
    lastName: 'Tester',
    email: uniqueEmail(),
    password: E2E_PASSWORD,
  };
  const response = await page.context().request.post(`${baseUrl}/api/auth/register`, {
    data: request,
    headers: { origin: new URL(baseUrl).origin },
  });
  if (response.status() !== 201)
    throw new Error(`POST /api/auth/register answered ${response.status()}: ${await response.text()}`);
  const { user } = (await response.json()) as AuthResponse;
  if (verified) await markEmailVerified({ id: user.uid, email: request.email });
  // The page refreshes the session once it has painted, after its load event; the caller's next
  // navigation must not cut that refresh off after the API rotated the cookie (the next page would
  // present the old one: reuse, signed out), so this returns once the refresh has answered.
  const refreshed = page.waitForResponse(
    (candidate) => new URL(candidate.url()).pathname === '/api/auth/refresh',
    { timeout: 30_000 },
  );
  await page.goto(`${baseUrl}${path}`);
  await refreshed;
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
