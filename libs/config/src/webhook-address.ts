import { BlockList, isIP } from 'node:net';

/** The longest webhook URL accepted. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** Why an address may not receive webhooks. */
export type RefusedAddressKind =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared (CGNAT)'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'cloud metadata';

type Rule = [kind: RefusedAddressKind, network: string, prefix: number, family: 'ipv4' | 'ipv6'];

/** Checked in order: the first that holds names the kind (metadata before link-local and private). */
const RULES: Rule[] = [
  ['cloud metadata', '169.254.169.254', 32, 'ipv4'],
  ['cloud metadata', 'fd00:ec2::254', 128, 'ipv6'],
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['shared (CGNAT)', '100.64.0.0', 10, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '192.0.2.0', 24, 'ipv4'],
  ['reserved', '192.88.99.0', 24, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '198.51.100.0', 24, 'ipv4'],
  ['reserved', '203.0.113.0', 24, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['broadcast', '255.255.255.255', 32, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['reserved', '100::', 64, 'ipv6'],
  ['reserved', '2001::', 23, 'ipv6'],
  ['reserved', '2001:db8::', 32, 'ipv6'],
  ['private', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['reserved', 'fec0::', 10, 'ipv6'],
  ['multicast', 'ff00::', 8, 'ipv6'],
];

const LISTS = RULES.map(([kind, network, prefix, family]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { kind, list, family };
});

/** The IPv4 address an IPv6 one carries: IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible, NAT64 (64:ff9b::/96, 64:ff9b:1::/48) or 6to4 (2002::/16). */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (!groups) return undefined;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0) && (groups[6] !== 0 || groups[7] > 1)) {
    return v4(groups[6], groups[7]);
  }
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6], groups[7]);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups[2] === 1) return v4(groups[6], groups[7]);
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]);
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted quad included); undefined if it is not one. */
function expandIpv6(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase().split('%')[0];
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const first = parse(head);
  const last = parse(tail);
  const groups =
    tail === undefined ? first : [...first, ...Array(8 - first.length - last.length).fill(0), ...last];
  return groups.length === 8 ? groups : undefined;
}

/**
 * Why an IP address may not receive webhooks (loopback, private, link-local, CGNAT, unspecified,
 * multicast, broadcast, reserved, cloud metadata), or undefined when it may. An IPv6 address that
 * carries an IPv4 one (mapped, NAT64, 6to4) is judged by that one too.
 */
export function refusedAddressKind(address: string): RefusedAddressKind | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return 'reserved';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const { kind, list, family: ruleFamily } of LISTS) {
    if (ruleFamily === type && list.check(bare, type)) return kind;
  }
  const embedded = family === 6 ? embeddedIpv4(bare) : undefined;
  return embedded ? refusedAddressKind(embedded) : undefined;
}

/** A webhook URL refused, with the problem code the API answers and a sentence for people. */
export interface WebhookUrlRefusal {
  code:
    | 'webhook-url-invalid'
    | 'webhook-url-too-long'
    | 'webhook-url-not-https'
    | 'webhook-url-credentials'
    | 'webhook-url-private-address';
  detail: string;
}

/** Names that always mean this machine. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** Whether the URL's host is this machine by name or loopback literal (http allowed there in development). */
export function isLoopbackHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return isLocalhostName(bare) || (isIP(bare) !== 0 && refusedAddressKind(bare) === 'loopback');
}

/**
 * The rules a webhook URL must meet, judged on its WHATWG parse (so `127.1`, `2130706433`,
 * `0x7f000001` and `0177.0.0.1` are all 127.0.0.1): https, no user or password, at most 2,048
 * characters, and not an IP literal (or `localhost`) of a refused range. Plain http and loopback
 * only to this machine when `allowInsecureLocalhost` (development). Names are resolved and checked
 * again when each attempt is sent.
 */
export function checkWebhookUrl(
  raw: string,
  options: { allowInsecureLocalhost: boolean },
): { url: URL } | { refusal: WebhookUrlRefusal } {
  if (raw.length > WEBHOOK_URL_MAX_LENGTH) {
    return {
      refusal: {
        code: 'webhook-url-too-long',
        detail: `The URL is longer than ${WEBHOOK_URL_MAX_LENGTH} characters.`,
      },
    };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refusal: { code: 'webhook-url-invalid', detail: 'The URL is not a valid absolute URL.' } };
  }
  const loopback = isLoopbackHost(url.hostname);
  const insecureAllowed = options.allowInsecureLocalhost && loopback;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && insecureAllowed)) {
    return { refusal: { code: 'webhook-url-not-https', detail: 'Webhook URLs must use https.' } };
  }
  if (url.username || url.password) {
    return {
      refusal: {
        code: 'webhook-url-credentials',
        detail: 'Webhook URLs may not carry a user name or password.',
      },
    };
  }
  if (!insecureAllowed) {
    const bare = url.hostname.replace(/^\[|\]$/g, '');
    const kind = isIP(bare) !== 0 ? refusedAddressKind(bare) : isLocalhostName(bare) ? 'loopback' : undefined;
    if (kind) {
      return {
        refusal: {
          code: 'webhook-url-private-address',
          detail: `Webhook URLs may not point to ${bare}: it is a ${kind} address.`,
        },
      };
    }
  }
  return { url };
}
