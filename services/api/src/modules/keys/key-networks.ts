import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** A CIDR block as a key lists it: "203.0.113.0/24", "2001:db8::/32"; a bare address is one host. */
export interface NetworkBlock {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** `::ffff:203.0.113.7` (how a dual-stack socket shows an IPv4 peer) is that IPv4 address. */
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The address as compared: IPv4-mapped IPv6 unwrapped, an IPv6 zone (`%eth0`) dropped. */
export function comparableAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } | undefined {
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped) return isIPv4(mapped[1]) ? { address: mapped[1], family: 'ipv4' } : undefined;
  if (isIPv4(address)) return { address, family: 'ipv4' };
  const unzoned = address.split('%')[0];
  return isIPv6(unzoned) ? { address: unzoned.toLowerCase(), family: 'ipv6' } : undefined;
}

/** The block `text` names, or undefined when it is not an IPv4 or IPv6 address with an optional prefix. */
export function parseNetworkBlock(text: string): NetworkBlock | undefined {
  const [host, prefixText, extra] = text.trim().split('/');
  if (extra !== undefined || host.includes('%')) return undefined;
  const address = comparableAddress(host);
  if (!address) return undefined;
  const longest = address.family === 'ipv4' ? 32 : 128;
  if (prefixText === undefined) return { ...address, prefix: longest };
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  return prefix <= longest ? { ...address, prefix } : undefined;
}

/** How a block is stored and shown: its address as normalised, and its prefix. */
export const formatNetworkBlock = ({ address, prefix }: NetworkBlock): string => `${address}/${prefix}`;

/**
 * The networks a key may be called from (Node's BlockList, which matches IPv4 and IPv6 subnets). An
 * address that cannot be read (no socket address) is in none of them.
 */
export class KeyNetworks {
  private readonly blocks = new BlockList();

  constructor(cidrs: readonly string[]) {
    for (const cidr of cidrs) {
      const block = parseNetworkBlock(cidr);
      if (block) this.blocks.addSubnet(block.address, block.prefix, block.family);
    }
  }

  allows(address: string | undefined): boolean {
    const comparable = address === undefined ? undefined : comparableAddress(address);
    return comparable !== undefined && this.blocks.check(comparable.address, comparable.family);
  }
}
