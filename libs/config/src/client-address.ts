import ipaddr from 'ipaddr.js';

/**
 * The key a per-address limit counts a client by: an IPv4 address as it is, an IPv4-mapped IPv6
 * address (`::ffff:192.0.2.1`, how a dual-stack socket reports IPv4 clients) as its IPv4 address,
 * loopback as `::1`, and any other IPv6 address as its /64 network (`2001:db8:0:1::/64`): one
 * subscriber is routinely given a whole /64, so counting single IPv6 addresses would hand an
 * attacker 2^64 of them. Anything that is not an address is counted as it came.
 */
export function clientAddressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const address = parsed as ipaddr.IPv6;
  if (address.range() === 'loopback') return '::1';
  return `${new ipaddr.IPv6([...address.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}
