/** Business constants the product shows and enforces. */
export const API_TIMEOUT_MS = 10_000;
export const SESSION_TTL_MS = 43_200_000;
export const CONVERT_RETRY_LIMIT = 2;
export const SESSION_STORAGE_KEY = 'session_token';
export const SESSION_HEADER = 'X-Session-Token';
export const REQUEST_ID_HEADER = 'X-Request-Id';
export const PUBLIC_API_BASE_PATH = '/api/v1';
export const LEGACY_API_KEY_PREFIX = 'fxpro_';
export const DEFAULT_PRODUCT_NAME = 'FXRates Pro';
export const DEFAULT_API_KEY_PREFIX = 'fxrates_';
/** Largest amount the converter accepts. */
export const MAX_AMOUNT = 1e15;
export const POLICY_LAST_UPDATED = 'March 22, 2025';
export const SNACKBAR_AUTO_HIDE_MS = 6000;
export const EXISTING_EMAIL_REDIRECT_MS = 3000;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const ACCESS_TOKEN_TTL_SECONDS = 900;
/** A user's first or last name, at registration and on the account page, in characters once trimmed. */
export const PERSON_NAME_MAX_LENGTH = 100;
/** The optional company (the register dialog's "Business Name"), in characters once trimmed. */
export const COMPANY_MAX_LENGTH = 200;

/** How long a password-reset link works (an hour). */
export const PASSWORD_RESET_TTL_MS = 3_600_000;

/** How long the link that confirms a new email address works (an hour, as a reset's). */
export const EMAIL_CHANGE_TTL_MS = 3_600_000;
export const MAX_ACTIVE_KEYS_PER_USER = 10;
/**
 * Disabled keys kept per user: disabling one more deletes the longest-disabled beyond this number
 * (their calls stay in the usage history, counted as a deleted key's).
 */
export const MAX_DISABLED_KEYS_PER_USER = 100;
/** Disabled keys per page of GET /api/keys/disabled: by default, and at most. */
export const KEYS_PAGE_DEFAULT_LIMIT = 20;
export const KEYS_PAGE_MAX_LIMIT = 100;
/** Payments per page of GET /api/account/payments: by default, and at most. */
export const PAYMENTS_PAGE_DEFAULT_LIMIT = 20;
export const PAYMENTS_PAGE_MAX_LIMIT = 100;
export const KEY_NAME_MAX_LENGTH = 64;
/**
 * A cookie the API sets beside the HttpOnly refresh cookie, with the same lifetime, readable by
 * scripts and holding no secret: it only says that a sign-in may exist on this browser, so that
 * an anonymous visitor's page never sends a refresh that can only be refused.
 */
export const SESSION_HINT_COOKIE = 'fxrates_signed_in';
