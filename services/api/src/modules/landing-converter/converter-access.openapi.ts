import { ErrorCode } from '@fxrates/domain';
import type { RouteSchema } from '../../common/openapi';

/**
 * What ConverterAccess refuses (a Bearer token that does not verify, or a missing, unknown or expired
 * session), the converter's per-session and per-IP limit, and 503 while Redis, which counts it, is away.
 */
const CONVERTER_PROBLEMS = [
  ErrorCode.Unauthorized,
  ErrorCode.MissingSessionToken,
  ErrorCode.InvalidSessionToken,
  ErrorCode.SessionExpired,
  ErrorCode.RateLimited,
  ErrorCode.ServiceUnavailable,
  ErrorCode.ValidationFailed,
];

/**
 * A converter route's full schema: its own and what every route behind ConverterAccess shares (the
 * tag, an anonymous session or a signed-in user's token, and what admitting a call can refuse).
 */
export function converterRouteSchema(own: Omit<RouteSchema, 'tag' | 'security'>): RouteSchema {
  return {
    ...own,
    tag: 'converter',
    security: ['session', 'bearer'],
    problems: [...CONVERTER_PROBLEMS, ...own.problems],
  };
}
