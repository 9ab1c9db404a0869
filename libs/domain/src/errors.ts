/** Stable machine codes carried in the `code` field of every problem+json error. */
export enum ErrorCode {
  ValidationFailed = 'validation-failed',
  MissingParameter = 'missing-parameter',
  UnknownCurrency = 'unknown-currency',
  InvalidAmount = 'invalid-amount',
  AmountTooLarge = 'amount-too-large',
  /** `unit` of convert is not one of ozt, g, kg. */
  InvalidUnit = 'invalid-unit',
  /** `unit` of convert was given for a pair with no metal on either side. */
  UnitWithoutMetal = 'unit-without-metal',
  RateUnavailable = 'rate-unavailable',
  MissingSessionToken = 'missing-session-token',
  InvalidSessionToken = 'invalid-session-token',
  SessionExpired = 'session-expired',
  RateLimited = 'rate-limited',
  NotFound = 'not-found',
  PayloadTooLarge = 'payload-too-large',
  MethodNotAllowed = 'method-not-allowed',
  InternalError = 'internal-error',
  /** A dependency (PostgreSQL, Redis) is unreachable for a moment; the answer carries Retry-After. */
  ServiceUnavailable = 'service-unavailable',
  // Accounts: the spec's auth catalogue keys, plus what our own backend adds.
  UserNotFound = 'user-not-found',
  WrongPassword = 'wrong-password',
  InvalidEmail = 'invalid-email',
  EmailAlreadyInUse = 'email-already-in-use',
  WeakPassword = 'weak-password',
  PasswordTooLong = 'password-too-long',
  PasswordsDoNotMatch = 'passwords-do-not-match',
  TooManyAttempts = 'too-many-attempts',
  Unauthorized = 'unauthorized',
  InvalidRefreshToken = 'invalid-refresh-token',
  RefreshTokenReused = 'refresh-token-reused',
  /** The account's email address is not verified yet: keys and mail wait for it. */
  EmailNotVerified = 'email-not-verified',
  EmailAlreadyVerified = 'email-already-verified',
  /** A verification link that we did not sign, or that belongs to another account. */
  VerificationLinkInvalid = 'verification-link-invalid',
  VerificationLinkExpired = 'verification-link-expired',
  VerificationLinkUsed = 'verification-link-used',
  /** A password-reset link we did not sign, or made before the password last changed. */
  ResetLinkInvalid = 'reset-link-invalid',
  ResetLinkExpired = 'reset-link-expired',
  ResetLinkUsed = 'reset-link-used',
  /** Changing the password of a signed-in account: the current one given is not it. */
  WrongCurrentPassword = 'wrong-current-password',
  /** An email-change link we did not sign, or one of another account (change email). */
  EmailChangeLinkInvalid = 'email-change-link-invalid',
  EmailChangeLinkExpired = 'email-change-link-expired',
  /** The link was used, or a later request or change of the address ended it. */
  EmailChangeLinkUsed = 'email-change-link-used',
  /** The new address asked for is the account's own already. */
  EmailUnchanged = 'email-unchanged',
  /** Deleting the account of a user with two-factor sign-in on: a code is needed. */
  SecondFactorRequired = 'second-factor-required',
  // Two-factor authentication and fresh sign-ins
  /** The authenticator code (or recovery code) given is not a current, unused one of the account. */
  WrongTwoFactorCode = 'wrong-two-factor-code',
  /** The sign-in challenge of POST /api/auth/login/two-factor is not ours, expired or already used. */
  TwoFactorChallengeInvalid = 'two-factor-challenge-invalid',
  TwoFactorAlreadyEnabled = 'two-factor-already-enabled',
  TwoFactorNotEnabled = 'two-factor-not-enabled',
  /** Confirming an enrolment that was never started (POST /api/account/two-factor first). */
  TwoFactorNotStarted = 'two-factor-not-started',
  /** The sign-in last proved its password or second factor too long ago for this action. */
  ReauthenticationRequired = 'reauthentication-required',
  // API keys
  KeyNotFound = 'key-not-found',
  TooManyKeys = 'too-many-keys',
  /** A `cursor` of a paged list that this API did not give out. */
  InvalidCursor = 'invalid-cursor',
  // Public API
  MissingApiKey = 'missing-api-key',
  InvalidApiKey = 'invalid-api-key',
  ApiKeyDisabled = 'api-key-disabled',
  /** The key's expiry (set by its owner) has passed. */
  ApiKeyExpired = 'api-key-expired',
  /** A rolled key's previous secret, after its overlap ended. */
  ApiKeyRolled = 'api-key-rolled',
  /** The key's scopes do not include the one this endpoint needs. */
  ScopeNotAllowed = 'scope-not-allowed',
  /** The caller's address is in none of the key's allowed networks. */
  IpNotAllowed = 'ip-not-allowed',
  /** The key's own monthly cap is used up (the account may still have quota). */
  KeyCapReached = 'key-cap-reached',
  PlanUpgradeRequired = 'plan-upgrade-required',
  QuotaExceeded = 'quota-exceeded',
  /** The plan's concurrent rate streams (GET /api/v1/stream) are all open. */
  TooManyStreams = 'too-many-streams',
  // Rate alerts
  /** No rate alert of the caller's has that id (another user's answers the same). */
  RateAlertNotFound = 'rate-alert-not-found',
  /** The plan's most rate alerts (PLANS[plan].rateAlerts) are all in use. */
  RateAlertLimitReached = 'rate-alert-limit-reached',
  /** An alert by email to an address the account has not verified yet. */
  AlertEmailNotVerified = 'alert-email-not-verified',
  /** An alert by webhook while no active endpoint of the account receives `alert.triggered`. */
  AlertWebhookMissing = 'alert-webhook-missing',
  // Outgoing webhooks
  /** No webhook endpoint of the caller's has that id (another account's answers the same). */
  WebhookEndpointNotFound = 'webhook-endpoint-not-found',
  /** No delivery of that endpoint has that id. */
  WebhookDeliveryNotFound = 'webhook-delivery-not-found',
  /** The plan's most webhook endpoints (PLANS[plan].webhookEndpoints) are all in use. */
  WebhookEndpointLimitReached = 'webhook-endpoint-limit-reached',
  /** The endpoint URL is not an absolute URL. */
  WebhookUrlInvalid = 'webhook-url-invalid',
  WebhookUrlTooLong = 'webhook-url-too-long',
  /** Only https (plain http to localhost in development only). */
  WebhookUrlNotHttps = 'webhook-url-not-https',
  /** A user name or password in the URL. */
  WebhookUrlCredentials = 'webhook-url-credentials',
  /** An IP literal (any notation) or localhost of a loopback, private, link-local, metadata… range. */
  WebhookUrlPrivateAddress = 'webhook-url-private-address',
  // Rate history
  InvalidDate = 'invalid-date',
  DateOutOfRange = 'date-out-of-range',
  HistoryUnavailable = 'history-unavailable',
  /** A `basis` naming no configured fixing cut (the message lists them). */
  UnknownCut = 'unknown-cut',
  /** No fixing of that cut and day, or of that id: the cut's day has not passed, or was left without one. */
  FixingNotFound = 'fixing-not-found',
  // Contact
  RecaptchaFailed = 'recaptcha-failed',
  RecaptchaUnavailable = 'recaptcha-unavailable',
  // Billing
  BillingNotConfigured = 'billing-not-configured',
  PaymentProviderUnavailable = 'payment-provider-unavailable',
  SubscriptionNotFound = 'subscription-not-found',
  SubscriptionNotActive = 'subscription-not-active',
  SubscriptionPlanMismatch = 'subscription-plan-mismatch',
  SubscriptionOwnerMismatch = 'subscription-owner-mismatch',
  SubscriptionAlreadyBound = 'subscription-already-bound',
  /** The user already has an active subscription: change its plan instead of buying a second one. */
  AlreadySubscribed = 'already-subscribed',
  /** The plan asked for is the one the subscription already pays for. */
  PlanUnchanged = 'plan-unchanged',
  /** No downgrade is waiting for the end of the paid period. */
  PlanChangeNotFound = 'plan-change-not-found',
  /** A subscription bought while paid time remains must start when that time ends (PayPal's start_time). */
  PaidPeriodRemaining = 'paid-period-remaining',
  /** No upgrade payment of this user has that id. */
  PaymentNotFound = 'payment-not-found',
  /** No active session of this user has that id (another user's answers the same). */
  SessionNotFound = 'session-not-found',
  /** The upgrade payment was captured before: a replay changes nothing. */
  PaymentAlreadyCaptured = 'payment-already-captured',
  /** The quoted price no longer holds (expired, or the plan or paid period changed): quote again. */
  QuoteExpired = 'quote-expired',
  /** The buyer has not approved the payment at PayPal (abandoned or not yet). */
  PaymentNotApproved = 'payment-not-approved',
  /** PayPal declined the buyer's funding source; nothing was taken and the plan is unchanged. */
  PaymentDeclined = 'payment-declined',
  /** The payment PayPal shows is not the one we asked for (amount, currency, payer, reference). */
  PaymentMismatch = 'payment-mismatch',
  WebhookSignatureInvalid = 'webhook-signature-invalid',
  /** PAYPAL-TRANSMISSION-TIME is further from our clock than PAYPAL_WEBHOOK_TOLERANCE_MS. */
  WebhookStale = 'webhook-stale',
  /** The transmission id was taken by another, verified delivery: this one is not PayPal's. */
  WebhookReplayed = 'webhook-replayed',
  // HTTP: requests refused before any route runs (by the parser, the router, the body reader, CORS)
  InvalidJson = 'invalid-json',
  UnsupportedMediaType = 'unsupported-media-type',
  /** The Accept header allows none of the media types the route answers in. */
  NotAcceptable = 'not-acceptable',
  InvalidUrl = 'invalid-url',
  UriTooLong = 'uri-too-long',
  HeadersTooLarge = 'headers-too-large',
  RequestTimeout = 'request-timeout',
  MalformedRequest = 'malformed-request',
  ExpectationFailed = 'expectation-failed',
  InvalidPreflight = 'invalid-preflight',
  OriginNotAllowed = 'origin-not-allowed',
}

/** RFC 9457 problem details, extended with `code` and `message`. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code: string;
  message: string;
  instance?: string;
  errorId?: string;
  /** On `plan-upgrade-required`: the cheapest plan that allows the request (a PlanId). */
  requiredPlan?: string;
  /** On `plan-upgrade-required`: the plan the key is on now. */
  currentPlan?: string;
  /** On `plan-upgrade-required`: where to upgrade (the pricing page, relative to the site). */
  upgradeUrl?: string;
}
