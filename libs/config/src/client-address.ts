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

/** A network wider than the one clientAddressKey counts by, and its key ("203.0.113.0/24"). */
export interface ClientNetwork {
  prefix: 'ipv4-24' | 'ipv6-56' | 'ipv6-48';
  key: string;
}

function ipv6Network(address: ipaddr.IPv6, bits: 48 | 56): string {
  const parts = address.parts.slice(0, 4);
  if (bits === 56) parts[3] &= 0xff00;
  else parts[3] = 0;
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/${bits}`;
}

/**
 * The wider networks a client's address belongs to, for limits that one holder of many addresses
 * cannot spread out of: an IPv4 address's /24, an IPv6 address's /56 (a household's usual
 * delegation) and /48 (a site's). None for loopback IPv6 or what is not an address.
 */
export function clientNetworks(ip: string | undefined): ClientNetwork[] {
  if (!ip || !ipaddr.isValid(ip)) return [];
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') {
    const [a, b, c] = (parsed as ipaddr.IPv4).octets;
    return [{ prefix: 'ipv4-24', key: `${a}.${b}.${c}.0/24` }];
  }
  const address = parsed as ipaddr.IPv6;
  if (address.range() === 'loopback') return [];
  return [
    { prefix: 'ipv6-56', key: ipv6Network(address, 56) },
    { prefix: 'ipv6-48', key: ipv6Network(address, 48) },
  ];
}
