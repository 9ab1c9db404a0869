import { ErrorCode } from '@fxrates/domain';
import type { ProblemCode } from '../../common/openapi';

/**
 * What ConverterAccess refuses (a Bearer token that does not verify, or a missing, unknown or expired
 * session), the converter's per-session and per-IP limit, and 503 while Redis, which counts it, is away.
 */
export const CONVERTER_PROBLEMS: ProblemCode[] = [
  ErrorCode.Unauthorized,
  ErrorCode.MissingSessionToken,
  ErrorCode.InvalidSessionToken,
  ErrorCode.SessionExpired,
  ErrorCode.RateLimited,
  ErrorCode.ServiceUnavailable,
  ErrorCode.ValidationFailed,
];
