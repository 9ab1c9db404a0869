import { MAX_KEY_NETWORKS, MAX_KEY_ORIGINS } from '@fxrates/domain';
import { isNetworkBlock } from './network-blocks';
import { allowedOriginOf } from './web-origins';

/**
 * The entries of a one-per-line field: trimmed, blank lines dropped, each once, in the order written.
 * A comma also separates (a pasted "a, b" list), since no network or origin contains one.
 */
export function linesOf(text: string): string[] {
  const entries = text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return [...new Set(entries)];
}

export const RESTRICTION_TEXTS = {
  notNetwork: (line: string) =>
    `"${line}" is not a network. Write one IPv4 or IPv6 address or CIDR block per line, such as 203.0.113.0/24 or 2001:db8::/32.`,
  tooManyNetworks: `List at most ${MAX_KEY_NETWORKS} networks.`,
  notOrigin: (line: string) =>
    `"${line}" is not a web origin. Write one per line, such as https://shop.example.com (http:// only for localhost).`,
  tooManyOrigins: `List at most ${MAX_KEY_ORIGINS} origins.`,
  originRequired: 'A publishable key needs at least one allowed origin.',
} as const;

/** What is wrong with the allowed networks as written, naming the first line in error; null when nothing. */
export function networksProblem(text: string): string | null {
  const lines = linesOf(text);
  const wrong = lines.find((line) => !isNetworkBlock(line));
  if (wrong !== undefined) return RESTRICTION_TEXTS.notNetwork(wrong);
  return lines.length > MAX_KEY_NETWORKS ? RESTRICTION_TEXTS.tooManyNetworks : null;
}

/** The origins as the browser sends them, each once (lines that are not an origin left out: see originsProblem). */
export function originsOf(text: string): string[] {
  const origins = linesOf(text)
    .map(allowedOriginOf)
    .filter((origin) => origin !== null);
  return [...new Set(origins)];
}

/** What is wrong with the allowed origins as written; `required` for a publishable key, which needs one. */
export function originsProblem(text: string, required: boolean): string | null {
  const lines = linesOf(text);
  const wrong = lines.find((line) => allowedOriginOf(line) === null);
  if (wrong !== undefined) return RESTRICTION_TEXTS.notOrigin(wrong);
  if (required && lines.length === 0) return RESTRICTION_TEXTS.originRequired;
  return originsOf(text).length > MAX_KEY_ORIGINS ? RESTRICTION_TEXTS.tooManyOrigins : null;
}
