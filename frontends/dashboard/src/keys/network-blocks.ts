/** One part of a dotted IPv4 address, 0 to 255, without leading zeros (as the API's parser reads it). */
const IPV4_PART = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]\d|\d)$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

export function isIPv4Address(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => IPV4_PART.test(part));
}

/** The 16-bit groups `text` stands for, or undefined; a trailing dotted IPv4 address counts as two. */
function groupCount(groups: string[]): number | undefined {
  let count = 0;
  for (const [index, group] of groups.entries()) {
    if (HEX_GROUP.test(group)) count += 1;
    else if (index === groups.length - 1 && isIPv4Address(group)) count += 2;
    else return undefined;
  }
  return count;
}

/** An IPv6 address in any of its written forms: full, "::"-compressed, with a trailing IPv4 address. */
export function isIPv6Address(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  if (halves.length === 1) return groupCount(text.split(':')) === 8;
  const [head, tail] = halves.map((half) => (half === '' ? [] : half.split(':')));
  // A dotted IPv4 address may only end the address, never precede the "::".
  if (head.some((group) => !HEX_GROUP.test(group))) return false;
  const written = groupCount([...head, ...tail]);
  // "::" stands for at least one group of zeros.
  return written !== undefined && written <= 7;
}

/**
 * Whether `text` is a network a key may be limited to: an IPv4 or IPv6 address with an optional
 * prefix length ("203.0.113.0/24", "2001:db8::/32"); a bare address is that one host. A zone
 * ("fe80::1%eth0") names an interface of one machine, never a network, and is refused.
 */
export function isNetworkBlock(text: string): boolean {
  const [address, prefix, extra] = text.split('/');
  if (extra !== undefined) return false;
  const longest = isIPv4Address(address) ? 32 : isIPv6Address(address) ? 128 : undefined;
  if (longest === undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= longest);
}
