import { clientNetworks } from '@fxrates/config';
import Bowser from 'bowser';
import { lookup } from 'fast-geoip';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/** What a session keeps of the client it was last used from (AccountSession). */
export interface SessionDevice {
  browser: string;
  network: string | null;
  place: string | null;
}

const UNKNOWN_BROWSER = 'Unknown browser';
const MAX_USER_AGENT = 512;
const countries = new Intl.DisplayNames(['en'], { type: 'region' });

/** "Chrome 131 on macOS": browser name, major version and OS, each left out when unknown. */
export function browserOf(userAgent: string | undefined): string {
  if (!userAgent) return UNKNOWN_BROWSER;
  // A header is up to 16 kB; the parser's regexes need no more than the start.
  const { browser, os } = Bowser.parse(userAgent.slice(0, MAX_USER_AGENT));
  const major = browser.version?.split('.')[0];
  const name = browser.name ? [browser.name, major].filter(Boolean).join(' ') : UNKNOWN_BROWSER;
  return (os.name ? `${name} on ${os.name}` : name).slice(0, 120);
}

/** The IPv4 /24 or IPv6 /48 of an address ("203.0.113.0/24"): what is stored instead of it. */
export function networkOf(ip: string | undefined): string | null {
  const network = clientNetworks(ip).find(({ prefix }) => prefix !== 'ipv6-56');
  return network?.key ?? null;
}

/**
 * Where a network is registered, from the GeoLite2 data fast-geoip ships (no call out): "City,
 * Country" or "Country". Looked up by the network's first address, so the full address is never
 * used. fast-geoip reads IPv4 only and answers its nearest range for addresses it has none for, so
 * only public IPv4 networks within the range it answers are placed; the list shows the network else.
 */
export async function placeOf(network: string | null): Promise<string | null> {
  if (network === null) return null;
  const [base] = network.split('/');
  if (!ipaddr.IPv4.isValidFourPartDecimal(base)) return null;
  const address = ipaddr.IPv4.parse(base);
  if (address.range() !== 'unicast') return null;
  const found = await lookup(base).catch(() => null);
  const numeric = address.toByteArray().reduce((sum, octet) => sum * 256 + octet, 0);
  if (!found?.country || numeric < found.range[0] || numeric >= found.range[1]) return null;
  const country = countries.of(found.country) ?? found.country;
  return (found.city ? `${found.city}, ${country}` : country).slice(0, 120);
}

export async function sessionDevice(
  userAgent: string | undefined,
  ip: string | undefined,
): Promise<SessionDevice> {
  const network = networkOf(ip);
  return { browser: browserOf(userAgent), network, place: await placeOf(network) };
}

/** The device of a request: its User-Agent and its client address (TRUST_PROXY decides which). */
export function deviceOf(request: FastifyRequest): Promise<SessionDevice> {
  return sessionDevice(request.headers['user-agent'], request.ip);
}
