export {
  ApiClient,
  type ApiClientOptions,
  type ApiRequest,
  type HttpMethod,
  type QueryValue,
  type RequestHeadersProvider,
  type UnauthorizedContext,
  type UnauthorizedHandler,
} from './api/api-client';
export { ApiError, errorMessage, isApiError, parseProblem, type ClientErrorCode } from './api/api-error';
export { ApiProvider, useApi, type ApiContextValue } from './api/ApiContext';
export { AnonymousSession } from './session/anonymous-session';
export { AuthProvider, useAuth, type AuthContextValue } from './auth/AuthContext';
export { AuthSession, type AuthSessionOptions, type AuthSnapshot } from './auth/auth-session';
export { isTwoFactorRequired, TwoFactorRequired } from './auth/two-factor-required';
export { useAccount, type AccountState } from './account/use-account';
export { usePlanQuotes, type PlanQuotesState } from './account/use-plan-quotes';
export { type ResourceState } from './account/use-signed-in-resource';
export { findQuote, formatLongDate, formatMoney, paidTimeLeft } from './billing/plan-quotes';
export {
  PLAN_CHANGE_QUERY,
  paymentReturnUrls,
  planChangeReturnOf,
  revisionReturnUrls,
  type PlanChangeReturn,
} from './billing/plan-change-urls';
export {
  forgetUpgradePayment,
  parsePendingUpgradePayment,
  recallUpgradePayment,
  rememberUpgradePayment,
  type PendingUpgradePayment,
} from './billing/upgrade-payment-storage';
export { linkTokenOf } from './navigation/link-token';
export { useLinkToken } from './navigation/use-link-token';
export { readPlanSelection, type PlanSelection, type PlanSelectionState } from './navigation/plan-selection';
export {
  REMOTE_NAMES,
  RUNTIME_CONFIG_URL,
  RuntimeConfigError,
  loadRuntimeConfig,
  parseRuntimeConfig,
  type RemoteName,
  type RuntimeConfig,
} from './runtime-config/runtime-config';
export { RuntimeConfigProvider, useRuntimeConfig } from './runtime-config/RuntimeConfigContext';
export { RuntimeConfigGate } from './runtime-config/RuntimeConfigGate';
export { CONTENT_WIDTH, fxratesTheme } from './theme/theme';
export { FxratesProviders, ThemeProvider } from './theme/FxratesProviders';
export { CurrencySelect, type CurrencySelectProps } from './components/CurrencySelect';
export { ErrorAlert, type ErrorAlertProps } from './components/ErrorAlert';
export { LoadingState } from './components/LoadingState';
export { NotFoundPage } from './components/NotFoundPage';
export { PageSection, type PageSectionProps } from './components/PageSection';
export { mountStandalone } from './components/mount-standalone';
export { AlertIcon, CheckIcon, CopyIcon, InfoIcon, LogoMark, RetryIcon, SwapIcon } from './components/icons';
export { usePageTitle } from './hooks/use-page-title';
export { useDismissal } from './banners/use-dismissal';
export { decimalsEqual, formatDecimal, invertDecimal, isDecimal, multiplyDecimals } from './format/decimal';
export { formatAge } from './format/age';
export { formatDate, formatDateTime, formatIsoDay, isoDay, NO_DATE } from './format/dates';
export { formatCount, groupThousands } from './format/numbers';
export {
  describeRateSource,
  formatRateDay,
  formatRateInstant,
  isIntradaySource,
  type RateProvenance,
} from './format/rate-source';
