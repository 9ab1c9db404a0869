import { ErrorCode, REQUEST_ID_HEADER } from '@fxrates/domain';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { AppException } from '../errors';

type CorsOptions = NonNullable<Parameters<NestFastifyApplication['enableCors']>[0]>;

/** Every method the web app's API client (libs/web-kit `HttpMethod`) can send, and HEAD. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** What a browser script may read of an answer beyond the CORS-safelisted headers. */
const EXPOSED_HEADERS = [
  'RateLimit',
  'RateLimit-Policy',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  REQUEST_ID_HEADER,
  // An export's validator (for If-None-Match) and its file name.
  'ETag',
  'Content-Disposition',
  // The next page of a paged list (GET /api/keys/disabled).
  'Link',
];

/** EXPOSED_HEADERS as a header value: what a publishable key's page may read. */
export const PUBLIC_EXPOSED_HEADERS = [...EXPOSED_HEADERS, 'FXRates-Environment'].join(', ');

/** Browsers cache a granted preflight this long (Chromium caps it at 2 h). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS for the configured origins only. Any other origin, or none, gets no Access-Control-* header at
 * all (a static list would still send the credentials and expose headers to everyone).
 */
export function corsOptions(allowedOrigins: readonly string[]): CorsOptions {
  const allowed = new Set(allowedOrigins);
  return {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: METHODS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  };
}

/**
 * Why an OPTIONS request is refused before CORS sees it, or undefined for a preflight from an
 * allowed origin: without Origin and Access-Control-Request-Method it is no preflight (@fastify/cors
 * would answer a text/plain 400), and an origin not configured gets no grant.
 */
export function preflightRefusal(
  headers: IncomingHttpHeaders,
  allowedOrigins: readonly string[],
): AppException | undefined {
  const { origin } = headers;
  if (origin === undefined || headers['access-control-request-method'] === undefined) {
    return new AppException(
      ErrorCode.InvalidPreflight,
      'An OPTIONS request here is a CORS preflight and needs Origin and Access-Control-Request-Method headers, as browsers send them.',
    );
  }
  if (!allowedOrigins.includes(origin)) {
    return new AppException(
      ErrorCode.OriginNotAllowed,
      'Pages of this origin may not call the API from a browser: call it from your server, or ask support to allow your site.',
    );
  }
  return undefined;
}

/** Request headers a page may send to the public API with a publishable key. */
const PUBLIC_API_REQUEST_HEADERS = 'X-API-Key, If-None-Match, Last-Event-ID';

/**
 * The grant of a preflight for a GET of the public API from any origin, or undefined when it is no
 * such preflight. A preflight carries no key, so it cannot know which origins the key will allow:
 * it grants the GET, and the answer itself carries Access-Control-Allow-Origin only for an origin
 * its publishable key lists (a foreign origin gets 403 `origin-not-allowed`, unreadable by the page).
 * No credentials: the public API authenticates by key, never by cookie.
 */
export function publicApiPreflight(headers: IncomingHttpHeaders): Record<string, string> | undefined {
  const { origin } = headers;
  if (origin === undefined || headers['access-control-request-method'] !== 'GET') return undefined;
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET',
    'access-control-allow-headers': PUBLIC_API_REQUEST_HEADERS,
    'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
    vary: 'Origin',
  };
}
