import { ErrorCode, type ApiKeyScope } from '@fxrates/domain';
import { AppException } from '../../common/errors';
import { keyDisabled, type ResolvedKey } from './api-key-resolver';

/** What a call shows of itself that a key's restrictions are checked against: the request itself. */
export interface CallerOf {
  /** The client's address (TRUST_PROXY decides which): read only when the key lists networks. */
  clientAddress(): string | undefined;
  /** Origin, as a browser sends it. */
  headers: { origin?: string };
}

/**
 * Throws the problem of a call the key may not make: its secret retired by a roll or the key expired
 * (401), then disabled, outside its networks, from an origin a publishable key does not list, or an
 * endpoint outside its scopes (403). Everything it reads is the cached key: no I/O on the hot path.
 */
export function assertKeyAdmits(key: ResolvedKey, scope: ApiKeyScope, now: number, caller: CallerOf): void {
  if (key.retiresAt !== null && now >= key.retiresAt) {
    throw new AppException(
      ErrorCode.ApiKeyRolled,
      `This secret was replaced when the key was rolled, and stopped working at ${new Date(key.retiresAt).toISOString()}. Use the key's new secret.`,
    );
  }
  if (key.expiresAt !== null && now >= key.expiresAt) throw keyExpired(key.expiresAt);
  if (key.status !== 'active') throw keyDisabled();
  if (key.networks) {
    const address = caller.clientAddress();
    if (!key.networks.allows(address)) {
      throw new AppException(
        ErrorCode.IpNotAllowed,
        `This key may be called only from its allowed networks, and ${address ?? 'this address'} is in none of them. Add it to the key's networks in your dashboard.`,
      );
    }
  }
  const { origin } = caller.headers;
  if (key.kind === 'publishable' && (origin === undefined || !key.origins.has(origin))) {
    throw new AppException(
      ErrorCode.OriginNotAllowed,
      origin === undefined
        ? 'A publishable key answers only pages of its allowed origins, and this call sent no Origin header. Call from such a page, or use a secret key on your server.'
        : `A publishable key answers only pages of its allowed origins, and ${origin} is not one. Add it to the key's origins in your dashboard.`,
    );
  }
  if (!key.scopes.has(scope)) throw scopeNotAllowed(scope);
}

/** A key past its expiry (ms): 401, on a call or on an open stream. */
export const keyExpired = (at: number) =>
  new AppException(
    ErrorCode.ApiKeyExpired,
    `This API key expired at ${new Date(at).toISOString()}. Extend its expiry in your dashboard, or create a new key.`,
  );

/** A key without the scope an endpoint needs: 403, on a call or on an open stream. */
export const scopeNotAllowed = (scope: ApiKeyScope) =>
  new AppException(
    ErrorCode.ScopeNotAllowed,
    `This key's scopes do not include "${scope}", which this endpoint needs. Add the scope to the key in your dashboard.`,
  );
