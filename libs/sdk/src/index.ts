export { createFxRatesClient } from './client';
export type {
  FxRatesClient,
  FxRatesClientOptions,
  FxRatesRawClient,
  FxRatesResponse,
  RequestOptions,
} from './client';
export { FxRatesConnectionError, FxRatesError, isFxRatesError } from './errors';
export type { FxRatesProblem } from './errors';
export type { DataOf, FxRatesProblemCode, OperationId, ProblemCodeOf, QueryOf } from './operations';
export { JWKS_PATH } from './fixings';
export { canonicalJson } from './canonical-json';
export { verifyFixing } from './verify-fixing';
export type {
  FixingJwk,
  FixingJwks,
  FixingProvenance,
  FixingSignature,
  FixingVerification,
  FixingVerificationFailure,
  SignedFixing,
} from './verify-fixing';
export { parseRateLimit } from './rate-limit';
export type { RateLimitCurrent, RateLimitInfo, RateLimitPolicy } from './rate-limit';
export { parseRetryAfter } from './retry-after';
export { DEFAULT_RETRIES } from './retry';
export type {
  StreamEvent,
  StreamQuery,
  StreamRateChange,
  StreamSnapshot,
  SubscribeOptions,
  Subscription,
} from './subscribe';
export type { RetryOptions } from './retry';
export type { components, operations, paths } from './generated/openapi';
