import ipaddr from 'ipaddr.js';

/**
 * What a per-address limit should count a client by: an IPv4 address as it is (an IPv4-mapped IPv6
 * address as its IPv4), an IPv6 address by its /64, since one subscriber is routinely given a whole
 * /64 and could otherwise step through 2^64 addresses. Anything unparsable is counted as it came.
 */
export function clientAddressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const groups = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${groups.map((group) => group.toString(16)).join(':')}::/64`;
}
