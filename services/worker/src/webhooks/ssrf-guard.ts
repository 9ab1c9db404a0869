import { checkWebhookUrl, refusedAddressKind } from '@fxrates/config';
import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';

/** Every address a name resolves to. */
export type ResolveAll = (hostname: string) => Promise<Array<{ address: string; family: 4 | 6 }>>;

/** The system resolver (getaddrinfo: /etc/hosts included), every address. */
export const systemResolve: ResolveAll = async (hostname) =>
  (await dns.lookup(hostname, { all: true, order: 'verbatim' })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** A resolver asking these DNS servers ("ip" or "ip:port") for A and AAAA records. */
export function serversResolve(servers: readonly string[]): ResolveAll {
  const resolver = new dns.Resolver({ timeout: 3000, tries: 2 });
  resolver.setServers([...servers]);
  const absent = (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENODATA' || error.code === 'ENOTFOUND') return [] as string[];
    throw error;
  };
  return async (hostname) => {
    const [v4, v6] = await Promise.all([
      resolver.resolve4(hostname).catch(absent),
      resolver.resolve6(hostname).catch(absent),
    ]);
    return [
      ...v4.map((address) => ({ address, family: 4 as const })),
      ...v6.map((address) => ({ address, family: 6 as const })),
    ];
  };
}

/** Where an attempt may connect: the URL, and the one vetted address to connect to. */
export interface VettedTarget {
  url: URL;
  /** The host as the URL names it (SNI and Host); no brackets for IPv6. */
  hostname: string;
  address: string;
  family: 4 | 6;
}

/** Why an attempt was not sent (shown in the delivery log as "refused: …"). */
export class RefusedTarget extends Error {}

/**
 * Vets a webhook URL at send time (SSRF): the URL rules of creation again (https, no credentials, no
 * refused IP literal; WHATWG parsing, so every IPv4 notation is one address), then the name resolved
 * now and refused if ANY of its addresses is loopback, private, link-local, CGNAT, unspecified,
 * multicast, broadcast, reserved or cloud metadata (IPv4-mapped, NAT64 and 6to4 IPv6 judged by the
 * IPv4 address they carry). The caller connects to the vetted address itself, never resolving
 * again, so a DNS answer changed after this check (rebinding) is never used. Loopback is let
 * through only with WEBHOOKS_ALLOW_INSECURE_LOCALHOST (development).
 */
export async function vetWebhookTarget(
  raw: string,
  options: { allowInsecureLocalhost: boolean; resolve: ResolveAll },
): Promise<VettedTarget> {
  const checked = checkWebhookUrl(raw, { allowInsecureLocalhost: options.allowInsecureLocalhost });
  if ('refusal' in checked) throw new RefusedTarget(checked.refusal.detail);
  const { url } = checked;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(hostname);
  let addresses: Array<{ address: string; family: 4 | 6 }>;
  if (literal) {
    addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await options.resolve(hostname);
    } catch (error) {
      throw new RefusedTarget(
        `${hostname} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
  if (addresses.length === 0) throw new RefusedTarget(`${hostname} does not resolve`);
  for (const { address } of addresses) {
    const kind = refusedAddressKind(address);
    if (kind && !(kind === 'loopback' && options.allowInsecureLocalhost)) {
      throw new RefusedTarget(`${hostname} resolves to ${address}, a ${kind} address`);
    }
  }
  return { url, hostname, ...addresses[0] };
}
