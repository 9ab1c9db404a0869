import type { AppConfig } from '@fxrates/config';
import { SESSION_HINT_COOKIE } from '@fxrates/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'fxrates_refresh';
const COOKIE_PATH = '/api/auth';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Secure everywhere except plain-http localhost, where browsers would drop a Secure cookie set over http. */
function secure(config: AppConfig, request: FastifyRequest): boolean {
  if (config.auth.cookieSecure === 'true') return true;
  return !(request.protocol === 'http' && LOCAL_HOSTS.has(request.hostname));
}

/**
 * The refresh token, HttpOnly and scoped to /api/auth; beside it the session hint, a cookie with no
 * secret in it that the web app reads to skip the start-up refresh when nobody can be signed in.
 */
export function setRefreshCookie(
  config: AppConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
): void {
  void reply.setCookie(REFRESH_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(config, request),
    expires: expiresAt,
  });
  void reply.setCookie(SESSION_HINT_COOKIE, '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'strict',
    secure: secure(config, request),
    expires: expiresAt,
  });
}

export function clearRefreshCookie(config: AppConfig, request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(REFRESH_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(config, request),
  });
  void reply.clearCookie(SESSION_HINT_COOKIE, {
    path: '/',
    sameSite: 'strict',
    secure: secure(config, request),
  });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}
