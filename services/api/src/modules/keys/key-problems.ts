import { ErrorCode } from '@fxrates/domain';

/**
 * What any call made with an API key can be refused for, before the route's own checks: the key
 * (missing, unknown, expired, a rolled secret past its overlap, deactivated) and its restrictions
 * (networks, a publishable key's origins, scopes). In this order in the OpenAPI document.
 */
export const KEY_REFUSALS = [
  ErrorCode.MissingApiKey,
  ErrorCode.InvalidApiKey,
  ErrorCode.ApiKeyExpired,
  ErrorCode.ApiKeyRolled,
  ErrorCode.ApiKeyDisabled,
  ErrorCode.IpNotAllowed,
  ErrorCode.OriginNotAllowed,
  ErrorCode.ScopeNotAllowed,
] as const;
