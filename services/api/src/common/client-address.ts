import { normalizeIp } from '@nestjs/throttler';
import type { IncomingHttpHeaders } from 'node:http';

const IPV6_PREFIX_BITS = 64;

/**
 * The key a client is limited by: an IPv4 address as it is, an IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`, how a dual-stack socket reports IPv4 clients) as its IPv4 address, and any
 * other IPv6 address as its /64 network (`2001:db8:0:1::/64`). A subscriber is usually given a
 * whole /64, so limiting single IPv6 addresses would hand an attacker 2^64 of them. The same keys as
 * the throttler of the Nest routes (@nestjs/throttler's `normalizeIp`), whose code this is.
 */
export function addressKey(ip: string | undefined): string {
  return ip ? normalizeIp(ip, IPV6_PREFIX_BITS) : 'unknown';
}

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
