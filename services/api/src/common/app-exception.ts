import { ErrorCode } from '@fxrates/domain';

/** Status of each error code; one place, so a code always means the same HTTP status. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  [ErrorCode.ValidationFailed]: 400,
  [ErrorCode.MissingParameter]: 400,
  [ErrorCode.UnknownCurrency]: 400,
  [ErrorCode.InvalidAmount]: 400,
  [ErrorCode.AmountTooLarge]: 400,
  [ErrorCode.MissingSessionToken]: 401,
  [ErrorCode.InvalidSessionToken]: 401,
  [ErrorCode.SessionExpired]: 401,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.InternalError]: 500,
  [ErrorCode.RateUnavailable]: 503,
  [ErrorCode.UserNotFound]: 401,
  [ErrorCode.WrongPassword]: 401,
  [ErrorCode.InvalidEmail]: 400,
  [ErrorCode.EmailAlreadyInUse]: 409,
  [ErrorCode.WeakPassword]: 400,
  [ErrorCode.PasswordTooLong]: 400,
  [ErrorCode.PasswordsDoNotMatch]: 400,
  [ErrorCode.TooManyAttempts]: 429,
  [ErrorCode.Unauthorized]: 401,
  [ErrorCode.InvalidRefreshToken]: 401,
  [ErrorCode.RefreshTokenReused]: 401,
  [ErrorCode.KeyNotFound]: 404,
  [ErrorCode.TooManyKeys]: 409,
  [ErrorCode.MissingApiKey]: 401,
  [ErrorCode.InvalidApiKey]: 401,
  [ErrorCode.ApiKeyDisabled]: 403,
  [ErrorCode.PlanUpgradeRequired]: 403,
  [ErrorCode.QuotaExceeded]: 429,
  [ErrorCode.InvalidDate]: 400,
  [ErrorCode.DateOutOfRange]: 400,
  [ErrorCode.HistoryUnavailable]: 404,
  [ErrorCode.RecaptchaFailed]: 400,
  [ErrorCode.RecaptchaUnavailable]: 503,
  [ErrorCode.BillingNotConfigured]: 503,
  [ErrorCode.PaymentProviderUnavailable]: 502,
  [ErrorCode.SubscriptionNotFound]: 404,
  [ErrorCode.SubscriptionNotActive]: 409,
  [ErrorCode.SubscriptionPlanMismatch]: 422,
  [ErrorCode.SubscriptionOwnerMismatch]: 403,
  [ErrorCode.SubscriptionAlreadyBound]: 409,
  [ErrorCode.WebhookSignatureInvalid]: 400,
};

/** Titles for the problem+json `title`: short, stable per code. */
export const TITLE_BY_CODE: Record<ErrorCode, string> = {
  [ErrorCode.ValidationFailed]: 'Invalid request',
  [ErrorCode.MissingParameter]: 'Missing parameter',
  [ErrorCode.UnknownCurrency]: 'Unknown currency',
  [ErrorCode.InvalidAmount]: 'Invalid amount',
  [ErrorCode.AmountTooLarge]: 'Amount too large',
  [ErrorCode.MissingSessionToken]: 'Session token required',
  [ErrorCode.InvalidSessionToken]: 'Invalid session token',
  [ErrorCode.SessionExpired]: 'Session expired',
  [ErrorCode.NotFound]: 'Not found',
  [ErrorCode.PayloadTooLarge]: 'Request too large',
  [ErrorCode.RateLimited]: 'Too many requests',
  [ErrorCode.InternalError]: 'Internal server error',
  [ErrorCode.RateUnavailable]: 'Rate unavailable',
  [ErrorCode.UserNotFound]: 'No such account',
  [ErrorCode.WrongPassword]: 'Wrong password',
  [ErrorCode.InvalidEmail]: 'Invalid email',
  [ErrorCode.EmailAlreadyInUse]: 'Email already registered',
  [ErrorCode.WeakPassword]: 'Password too short',
  [ErrorCode.PasswordTooLong]: 'Password too long',
  [ErrorCode.PasswordsDoNotMatch]: 'Passwords do not match',
  [ErrorCode.TooManyAttempts]: 'Too many attempts',
  [ErrorCode.Unauthorized]: 'Sign-in required',
  [ErrorCode.InvalidRefreshToken]: 'Session ended',
  [ErrorCode.RefreshTokenReused]: 'Session revoked',
  [ErrorCode.KeyNotFound]: 'No such API key',
  [ErrorCode.TooManyKeys]: 'Too many API keys',
  [ErrorCode.MissingApiKey]: 'API key required',
  [ErrorCode.InvalidApiKey]: 'Invalid API key',
  [ErrorCode.ApiKeyDisabled]: 'API key disabled',
  [ErrorCode.PlanUpgradeRequired]: 'Plan upgrade required',
  [ErrorCode.QuotaExceeded]: 'Monthly quota exceeded',
  [ErrorCode.InvalidDate]: 'Invalid date',
  [ErrorCode.DateOutOfRange]: 'Date out of range',
  [ErrorCode.HistoryUnavailable]: 'No history for that date',
  [ErrorCode.RecaptchaFailed]: 'Human check failed',
  [ErrorCode.RecaptchaUnavailable]: 'Human check unavailable',
  [ErrorCode.BillingNotConfigured]: 'Billing not configured',
  [ErrorCode.PaymentProviderUnavailable]: 'PayPal unavailable',
  [ErrorCode.SubscriptionNotFound]: 'No such PayPal subscription',
  [ErrorCode.SubscriptionNotActive]: 'Subscription not active',
  [ErrorCode.SubscriptionPlanMismatch]: 'Subscription plan mismatch',
  [ErrorCode.SubscriptionOwnerMismatch]: 'Subscription of another user',
  [ErrorCode.SubscriptionAlreadyBound]: 'Subscription already in use',
  [ErrorCode.WebhookSignatureInvalid]: 'Webhook signature invalid',
};

/** The one exception our code throws for an expected failure; the filter turns it into problem+json. */
export class AppException extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppException';
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}
