// Test support: a loopback HTTP server speaking the accounts API's wire format (services/api,
// modules/auth): JSON bodies, problem+json errors with `code`, the refresh token in an HttpOnly
// cookie scoped to /api/auth that is rotated on every use, with reuse detection.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthResponse, CurrentUser } from '@fxrates/domain';

export const REFRESH_COOKIE = 'fxrates_refresh';
const COOKIE_ATTRIBUTES = 'Path=/api/auth; HttpOnly; SameSite=Strict';
const ACCESS_TOKEN_TTL_SECONDS = 900;

interface StoredUser extends CurrentUser {
  password: string;
  /** With two-factor on: the one code its authenticator shows. */
  twoFactorCode?: string;
}

interface RefreshRecord {
  uid: string;
  family: string;
  rotated: boolean;
  revoked: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization?: string;
  cookie?: string;
}

class Problem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      try {
        resolve(text ? (JSON.parse(text) as Record<string, unknown>) : {});
      } catch (error) {
        reject(error);
      }
    });
    request.on('error', reject);
  });
}

function readCookie(request: http.IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || undefined;
  }
  return undefined;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The accounts API in miniature, on 127.0.0.1 and a free port. */
export class AuthApiStandIn {
  readonly requests: RecordedRequest[] = [];
  /** Delays every POST /api/auth/refresh answer (after the rotation), to hold refreshes in flight. */
  refreshDelayMs = 0;

  private readonly users = new Map<string, StoredUser>();
  private readonly accessTokens = new Map<string, { uid: string; expired: boolean }>();
  private readonly refreshTokens = new Map<string, RefreshRecord>();
  private readonly server: http.Server;

  private constructor() {
    this.server = http.createServer((request, response) => {
      void this.handle(request, response);
    });
  }

  static async start(): Promise<AuthApiStandIn> {
    const standIn = new AuthApiStandIn();
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  /** The API base URL, as the runtime config gives it. */
  get baseUrl(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/api`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** How many requests reached `METHOD /path`, e.g. "POST /api/auth/refresh". */
  count(route: string): number {
    return this.requests.filter((request) => `${request.method} ${request.path}` === route).length;
  }

  /** Every access token issued so far is refused from now on (as after 15 minutes). */
  expireAccessTokens(): void {
    for (const token of this.accessTokens.values()) token.expired = true;
  }

  /** Every refresh token is revoked (as after a logout elsewhere). */
  revokeAllSessions(): void {
    for (const record of this.refreshTokens.values()) record.revoked = true;
  }

  /** Turns two-factor on for the user: sign-in then wants `code` after the password. */
  requireCode(email: string, code: string): void {
    const user = this.users.get(email);
    if (user) user.twoFactorCode = code;
  }

  deleteUser(email: string): void {
    this.users.delete(email);
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    this.requests.push({
      method: request.method ?? 'GET',
      path,
      authorization: request.headers.authorization,
      cookie: request.headers.cookie,
    });
    try {
      const route = `${request.method} ${path}`;
      if (route === 'POST /api/auth/register') return this.register(await readJson(request), response);
      if (route === 'POST /api/auth/login') return this.login(await readJson(request), response);
      if (route === 'POST /api/auth/login/two-factor')
        return this.loginTwoFactor(await readJson(request), response);
      if (route === 'POST /api/auth/reauthenticate')
        return this.reauthenticate(request, await readJson(request), response);
      if (route === 'POST /api/auth/refresh') return await this.refresh(request, response);
      if (route === 'POST /api/auth/logout') return this.logout(request, response);
      if (route === 'GET /api/auth/me') return this.send(response, 200, this.authenticate(request));
      if (route === 'POST /api/auth/verify-email')
        return this.verifyEmail(request, await readJson(request), response);
      if (route === 'GET /api/rates/convert') return this.convert(request, response);
      throw new Problem(404, 'not-found', 'Not found');
    } catch (caught) {
      const error =
        caught instanceof Problem ? caught : new Problem(500, 'internal-error', 'Something went wrong');
      if (path === '/api/auth/refresh') response.setHeader('Set-Cookie', this.clearedCookie());
      const body = { type: `/problems/${error.code}`, title: error.message, status: error.status };
      response.writeHead(error.status, { 'Content-Type': 'application/problem+json' });
      response.end(
        JSON.stringify({ ...body, detail: error.message, code: error.code, message: error.message }),
      );
    }
  }

  private register(body: Record<string, unknown>, response: http.ServerResponse): void {
    const email = String(body.email ?? '')
      .trim()
      .toLowerCase();
    const password = String(body.password ?? '');
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
      throw new Problem(400, 'invalid-email', 'Enter a valid email address, such as name@example.com.');
    }
    if (password.length < 6)
      throw new Problem(400, 'weak-password', 'Password should be at least 6 characters');
    if (body.confirmPassword !== undefined && body.confirmPassword !== password) {
      throw new Problem(400, 'passwords-do-not-match', 'Passwords do not match');
    }
    if (this.users.has(email)) {
      throw new Problem(
        409,
        'email-already-in-use',
        'An account with this email already exists. Would you like to login instead?',
      );
    }
    const user: StoredUser = {
      uid: randomUUID(),
      email,
      displayName: `${String(body.firstName)} ${String(body.lastName)}`,
      emailVerified: false,
      password,
    };
    this.users.set(email, user);
    this.signIn(response, 201, this.issue(user, randomUUID()));
  }

  private login(body: Record<string, unknown>, response: http.ServerResponse): void {
    const email = String(body.email ?? '')
      .trim()
      .toLowerCase();
    if (!email.includes('@')) {
      throw new Problem(400, 'invalid-email', 'Enter a valid email address, such as name@example.com.');
    }
    const user = this.users.get(email);
    if (!user) throw new Problem(401, 'user-not-found', 'No account found with this email');
    if (user.password !== body.password) throw new Problem(401, 'wrong-password', 'Incorrect password');
    if (user.twoFactorCode) {
      return this.send(response, 200, {
        twoFactorRequired: true,
        challenge: `challenge-${user.uid}`,
        expiresIn: 300,
      });
    }
    this.signIn(response, 200, this.issue(user, randomUUID()));
  }

  private loginTwoFactor(body: Record<string, unknown>, response: http.ServerResponse): void {
    const user = [...this.users.values()].find(
      (candidate) => body.challenge === `challenge-${candidate.uid}`,
    );
    if (!user) throw new Problem(401, 'two-factor-challenge-invalid', 'This sign-in has expired.');
    if (body.code !== user.twoFactorCode)
      throw new Problem(400, 'wrong-two-factor-code', 'That code is not right.');
    this.signIn(response, 200, this.issue(user, randomUUID()));
  }

  /** A new access token, for the password (or the code with two-factor on); the cookie stays. */
  private reauthenticate(
    request: http.IncomingMessage,
    body: Record<string, unknown>,
    response: http.ServerResponse,
  ): void {
    const signedIn = this.authenticate(request);
    const user = [...this.users.values()].find((candidate) => candidate.uid === signedIn.uid)!;
    const proved = user.twoFactorCode ? body.code === user.twoFactorCode : body.password === user.password;
    if (!proved) throw new Problem(400, 'wrong-current-password', 'Your current password is not correct.');
    const accessToken = `access-${randomUUID()}`;
    this.accessTokens.set(accessToken, { uid: user.uid, expired: false });
    this.send(response, 200, { user: signedIn, accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS });
  }

  private async refresh(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const token = readCookie(request, REFRESH_COOKIE);
    const record = token ? this.refreshTokens.get(token) : undefined;
    if (!record || record.revoked) {
      throw new Problem(401, 'invalid-refresh-token', 'Your session has ended. Sign in again.');
    }
    if (record.rotated) {
      for (const other of this.refreshTokens.values())
        if (other.family === record.family) other.revoked = true;
      throw new Problem(401, 'refresh-token-reused', 'This session was used from somewhere else.');
    }
    record.rotated = true;
    const user = [...this.users.values()].find((candidate) => candidate.uid === record.uid);
    if (!user) throw new Problem(401, 'invalid-refresh-token', 'Your session has ended. Sign in again.');
    const issued = this.issue(user, record.family);
    if (this.refreshDelayMs > 0) await delay(this.refreshDelayMs);
    this.signIn(response, 200, issued);
  }

  private logout(request: http.IncomingMessage, response: http.ServerResponse): void {
    const token = readCookie(request, REFRESH_COOKIE);
    const family = token ? this.refreshTokens.get(token)?.family : undefined;
    for (const record of this.refreshTokens.values()) if (record.family === family) record.revoked = true;
    response.writeHead(204, { 'Set-Cookie': this.clearedCookie() });
    response.end();
  }

  /** The link's token for a user in this stand-in: `verify-<uid>`, single use as the API's. */
  static verificationToken(user: Pick<CurrentUser, 'uid'>): string {
    return `verify-${user.uid}`;
  }

  private verifyEmail(
    request: http.IncomingMessage,
    body: Record<string, unknown>,
    response: http.ServerResponse,
  ): void {
    const signedIn = this.authenticate(request);
    if (body.token !== AuthApiStandIn.verificationToken(signedIn)) {
      throw new Problem(
        400,
        'verification-link-invalid',
        'This verification link is not valid for your account.',
      );
    }
    const user = [...this.users.values()].find((candidate) => candidate.uid === signedIn.uid)!;
    if (user.emailVerified) {
      throw new Problem(409, 'verification-link-used', 'This verification link was already used.');
    }
    user.emailVerified = true;
    this.send(response, 200, { ...signedIn, emailVerified: true });
  }

  /** The converter: a Bearer token admits the request, otherwise the anonymous session must. */
  private convert(request: http.IncomingMessage, response: http.ServerResponse): void {
    if (request.headers.authorization === undefined && request.headers['x-session-token'] !== 'session-ok') {
      throw new Problem(401, 'invalid-session-token', 'The session token is invalid');
    }
    if (request.headers.authorization !== undefined) this.authenticate(request);
    this.send(response, 200, { rate: 0.9, result: 0.9 });
  }

  private authenticate(request: http.IncomingMessage): CurrentUser {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    const record = scheme === 'Bearer' && token ? this.accessTokens.get(token) : undefined;
    const user = record && [...this.users.values()].find((candidate) => candidate.uid === record.uid);
    if (!record || record.expired || !user) {
      throw new Problem(401, 'unauthorized', 'Sign in to continue.');
    }
    return {
      uid: user.uid,
      email: user.email,
      displayName: user.displayName,
      emailVerified: user.emailVerified,
    };
  }

  private issue(user: StoredUser, family: string): { body: AuthResponse; refreshToken: string } {
    const accessToken = `access-${randomUUID()}`;
    const refreshToken = `refresh-${randomUUID()}`;
    this.accessTokens.set(accessToken, { uid: user.uid, expired: false });
    this.refreshTokens.set(refreshToken, { uid: user.uid, family, rotated: false, revoked: false });
    const body: AuthResponse = {
      user: {
        uid: user.uid,
        email: user.email,
        displayName: user.displayName,
        emailVerified: user.emailVerified,
      },
      accessToken,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    };
    return { body, refreshToken };
  }

  private signIn(
    response: http.ServerResponse,
    status: number,
    { body, refreshToken }: { body: AuthResponse; refreshToken: string },
  ): void {
    response.setHeader('Set-Cookie', `${REFRESH_COOKIE}=${refreshToken}; ${COOKIE_ATTRIBUTES}`);
    this.send(response, status, body);
  }

  private clearedCookie(): string {
    return `${REFRESH_COOKIE}=; ${COOKIE_ATTRIBUTES}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }

  private send(response: http.ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  }
}
