import type { IncomingHttpHeaders } from 'node:http';

/**
 * The client's address as Fastify's `request.ip` gives it, for routes answered before Fastify: the
 * socket's peer, or with `trustProxy` the first address of X-Forwarded-For (the reverse proxy in
 * front of the API replaces that header with the client's address; deploy/README.md).
 */
export function clientIp(
  headers: IncomingHttpHeaders,
  remoteAddress: string | undefined,
  trustProxy: boolean,
): string | undefined {
  const forwarded = headers['x-forwarded-for'];
  if (trustProxy && forwarded) {
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded).split(',')[0].trim();
    if (first) return first;
  }
  return remoteAddress;
}
