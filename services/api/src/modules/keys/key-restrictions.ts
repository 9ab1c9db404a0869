import {
  API_KEY_SCOPES,
  ErrorCode,
  PUBLISHABLE_KEY_SCOPES,
  type ApiKeyKind,
  type ApiKeyRestrictions,
  type ApiKeyScope,
} from '@fxrates/domain';
import { AppException } from '../../common/errors';
import { formatNetworkBlock, parseNetworkBlock } from './key-networks';

/** What a key's restrictions are stored as. */
export interface StoredRestrictions {
  scopes: ApiKeyScope[];
  allowedNetworks: string[];
  allowedOrigins: string[];
  monthlyCap: number | null;
  expiresAt: Date | null;
}

const invalid = (message: string) => new AppException(ErrorCode.ValidationFailed, message);

/** Hosts a page may be served from over plain http: the developer's own machine. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An origin as a browser sends it: scheme, host and port only; https, or http on the local machine. */
export function normalisedOrigin(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!secure || !bare || url.origin === 'null') return undefined;
  return text.trim().replace(/\/$/, '').toLowerCase() === url.origin ? url.origin : undefined;
}

/** The scopes a new key of this kind gets when none are asked for. */
export const defaultScopes = (kind: ApiKeyKind): ApiKeyScope[] =>
  kind === 'publishable' ? [...PUBLISHABLE_KEY_SCOPES] : [...API_KEY_SCOPES];

/**
 * `asked` applied over `current` (a new key: its kind's defaults), checked as a whole: networks are
 * CIDR blocks (stored normalised), origins are bare https origins, a publishable key reads only and
 * names at least one origin while other kinds name none, an expiry is in the future. Throws a 400
 * `validation-failed` saying what to send instead.
 */
export function keyRestrictions(
  kind: ApiKeyKind,
  asked: Partial<ApiKeyRestrictions>,
  current: StoredRestrictions,
  now: number,
): StoredRestrictions {
  const scopes = asked.scopes ? [...new Set(asked.scopes)] : current.scopes;
  if (kind === 'publishable') {
    const writing = scopes.filter((scope) => !PUBLISHABLE_KEY_SCOPES.includes(scope));
    if (writing.length > 0)
      throw invalid(
        `A publishable key may hold only ${PUBLISHABLE_KEY_SCOPES.join(' and ')}; remove ${writing.join(', ')}.`,
      );
  }
  const allowedNetworks = asked.allowedNetworks
    ? [
        ...new Set(
          asked.allowedNetworks.map((text) => {
            const block = parseNetworkBlock(text);
            if (!block)
              throw invalid(
                `"${text}" is not a network: write an address or a CIDR block such as 203.0.113.0/24 or 2001:db8::/32.`,
              );
            return formatNetworkBlock(block);
          }),
        ),
      ]
    : current.allowedNetworks;
  const allowedOrigins = asked.allowedOrigins
    ? [
        ...new Set(
          asked.allowedOrigins.map((text) => {
            const origin = normalisedOrigin(text);
            if (!origin)
              throw invalid(
                `"${text}" is not an origin: write the page's scheme and host, such as https://shop.example.com (http only for localhost).`,
              );
            return origin;
          }),
        ),
      ]
    : current.allowedOrigins;
  if (kind === 'publishable' && allowedOrigins.length === 0)
    throw invalid('A publishable key needs at least one allowed origin, such as https://shop.example.com.');
  if (kind !== 'publishable' && allowedOrigins.length > 0)
    throw invalid('Only a publishable key lists origins: a secret or test key is not meant for web pages.');
  const monthlyCap = asked.monthlyCap === undefined ? current.monthlyCap : asked.monthlyCap;
  let expiresAt = current.expiresAt;
  if (asked.expiresAt !== undefined) {
    expiresAt = asked.expiresAt === null ? null : new Date(asked.expiresAt);
    if (expiresAt !== null && expiresAt.getTime() <= now)
      throw invalid('expiresAt must be in the future; to stop a key now, deactivate it.');
  }
  return { scopes, allowedNetworks, allowedOrigins, monthlyCap, expiresAt };
}

/** The names of the restrictions that differ between two states (for the audit log). */
export function changedRestrictions(before: StoredRestrictions, after: StoredRestrictions): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return (Object.keys(after) as (keyof StoredRestrictions)[]).filter(
    (name) => !same(before[name], after[name]),
  );
}
