import { ACCESS_TOKEN_TTL_SECONDS } from '@fxrates/domain';
import { isUUID } from 'class-validator';

/** RFC 9068 media type of a JWT access token, in the `typ` header. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';

/** How far apart the clocks of the API instance that signed a token and the one checking it may be. */
const CLOCK_SKEW_SECONDS = 30;

/** A token as jsonwebtoken decodes it with `complete: true`, after checking its signature. */
export interface DecodedAccessToken {
  header: { typ?: unknown };
  payload: { sub?: unknown; sid?: unknown; iat?: unknown; exp?: unknown; auth_time?: unknown };
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/**
 * The user id of a token whose signature, algorithm, issuer, audience and expiry jsonwebtoken has
 * checked, if its claims are the ones we issue; else undefined. A token signed with our key but
 * claims we never issue (a `sub` that is no user id, a lifetime beyond ours, no `exp`) is refused
 * here, by both ways a token comes in (Passport's strategy and the converter's own check), before
 * any query sees its `sub`.
 */
export function userIdOfAccessToken(
  { header, payload }: DecodedAccessToken,
  nowSeconds = Math.floor(Date.now() / 1000),
): string | undefined {
  const { sub, iat, exp } = payload;
  if (header.typ !== ACCESS_TOKEN_TYPE || typeof sub !== 'string' || !isUUID(sub)) return undefined;
  if (!isTime(iat) || !isTime(exp) || iat > nowSeconds + CLOCK_SKEW_SECONDS) return undefined;
  const lifetime = exp - iat;
  return lifetime > 0 && lifetime <= ACCESS_TOKEN_TTL_SECONDS ? sub : undefined;
}

/**
 * The session a token was issued for (its `sid`), which dashboard calls check is still
 * signed in; undefined for a token without one (issued before sessions were kept: a refresh gets one).
 */
export function sessionIdOfAccessToken({ payload }: DecodedAccessToken): string | undefined {
  return typeof payload.sid === 'string' && isUUID(payload.sid) ? payload.sid : undefined;
}

/**
 * When the token's sign-in last proved its password or second factor (`auth_time`, seconds), if the
 * token says and it is no later than the token itself; else undefined (then a fresh sign-in is due).
 */
export function authTimeOfAccessToken({ payload }: DecodedAccessToken): number | undefined {
  const { auth_time: authTime, iat } = payload;
  return isTime(authTime) && isTime(iat) && authTime <= iat ? authTime : undefined;
}
