import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { TLSSocket } from 'node:tls';
import type helmetMiddleware from 'helmet';
import type { HelmetOptions } from 'helmet';

/**
 * helmet, the library @fastify/helmet runs, loaded through it so both are always the same version.
 * @fastify/helmet itself builds helmet's middleware anew on every request (4 µs each, measured); the
 * headers depend only on these options, so they are computed once here and set as a constant on
 * every answer: Fastify's (app.factory), those served before Fastify (DirectRoutes) and those Node's
 * parser makes us write on the socket (http-server).
 */
const helmet = createRequire(require.resolve('@fastify/helmet'))('helmet') as typeof helmetMiddleware;

const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'frame-ancestors': ["'none'"],
      // Swagger UI (/api/docs) has an inline <style> and style attributes; its scripts are files of ours.
      'style-src': ["'self'", "'unsafe-inline'"],
      'font-src': ["'self'", 'data:'],
      // Would send the docs page's own requests to https on a plain-http development server; behind
      // TLS, HSTS already keeps browsers on https.
      'upgrade-insecure-requests': null,
    },
  },
  xFrameOptions: { action: 'deny' },
  strictTransportSecurity: false,
  // Headers only browsers long gone read (IE's download prompt, Flash, the XSS auditor, prefetch
  // hints of HTML): each costs on every metered answer and protects nothing today.
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  xDnsPrefetchControl: false,
};

/** The headers helmet sets with `options`, as a plain object with lower-case names. */
function headersOf(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => undefined);
  return Object.freeze(headers);
}

/** The security headers of an answer to a request over plain HTTP. */
export const SECURITY_HEADERS = headersOf(OPTIONS);

/** The same plus HSTS, for a request that came over TLS: browsers ignore HSTS over plain HTTP (RFC 6797). */
export const TLS_SECURITY_HEADERS = headersOf({
  ...OPTIONS,
  strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true },
});

/**
 * The security headers of a data answer (JSON, problem+json) of the routes served before Fastify:
 * the metered API and the converter. A JSON body loads nothing and is never a page, so the strictest
 * policy says all of it in fewer bytes: no source of any kind, no framing, no sniffing, no referrer.
 * The document headers above (what a page like Swagger UI needs) cost a metered call about a sixth
 * of its throughput in `npm run bench`, for nothing a JSON body can use (docs/performance.md).
 */
export const DATA_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
});

const TLS_DATA_SECURITY_HEADERS = Object.freeze({
  ...DATA_SECURITY_HEADERS,
  'strict-transport-security': TLS_SECURITY_HEADERS['strict-transport-security'],
});

/**
 * Whether the client reached us over TLS: on this socket, or, behind a trusted proxy, as the nearest
 * proxy's `X-Forwarded-Proto` says (the last value, as Fastify's `request.protocol` reads it).
 */
export function cameOverTls(request: IncomingMessage, trustProxy: boolean): boolean {
  if ((request.socket as TLSSocket).encrypted) return true;
  const header = trustProxy ? request.headers['x-forwarded-proto'] : undefined;
  if (header === undefined) return false;
  const forwarded = String(header); // Node joins a repeated header with commas
  const comma = forwarded.lastIndexOf(',');
  return (comma === -1 ? forwarded : forwarded.slice(comma + 1)).trim() === 'https';
}

/** The security headers for an answer to `request`. */
export function securityHeadersFor(
  request: IncomingMessage,
  trustProxy: boolean,
): Readonly<Record<string, string>> {
  return cameOverTls(request, trustProxy) ? TLS_SECURITY_HEADERS : SECURITY_HEADERS;
}

/** The security headers for a data answer to `request`, served before Fastify (DATA_SECURITY_HEADERS). */
export function dataSecurityHeadersFor(
  request: IncomingMessage,
  trustProxy: boolean,
): Readonly<Record<string, string>> {
  return cameOverTls(request, trustProxy) ? TLS_DATA_SECURITY_HEADERS : DATA_SECURITY_HEADERS;
}
