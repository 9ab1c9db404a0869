/**
 * API keys: the dashboard's key management (KeysService) and the resolver that checks an
 * `X-API-Key` on every public-API call against an in-process cache (ApiKeyResolver).
 */
export { KeysModule } from './keys.module';
export { KeysService } from './keys.service';
export {
  ApiKeyResolver,
  invalidApiKey,
  keyDisabled,
  type KeyChange,
  type ResolvedKey,
} from './api-key-resolver';
export { assertKeyAdmits, keyExpired, scopeNotAllowed, type CallerOf } from './key-admission';
export { parseNetworkBlock, formatNetworkBlock, comparableAddress } from './key-networks';
export { maskedKey } from './api-key-view';
export { presentedKey, SEND_YOUR_KEY } from './presented-key';
export { KEY_REFUSALS } from './key-problems';
