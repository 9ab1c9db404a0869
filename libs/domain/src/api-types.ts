import type { ApiKeyKind, ApiKeyRestrictions, RetiringSecret } from './api-keys';
import type { AuditEventView } from './audit';
import type { MetalUnit } from './metal-units';
import type { PlanId } from './plans';
import type { QuotaAlertThreshold } from './quota-alerts';
/** Response of POST /api/auth/session. */
export interface SessionResponse {
  sessionToken: string;
  /** ISO 8601 instant after which the token is refused. */
  expiresAt: string;
}

/** Response of GET /api/rates/convert. Numbers keep their exact decimal digits in the JSON text. */
export interface ConvertResponse {
  from: string;
  to: string;
  amount: number;
  rate: number;
  result: number;
  /** ISO 8601 instant the rates were published. */
  timestamp: string;
  /** Day the rates belong to, YYYY-MM-DD. */
  date: string;
  source: string;
  /** A rate involved is older than the converter's freshness promise (24 hours) while its market is open. */
  stale?: boolean;
  /** A fiat or metal rate involved is its source's (or market's) last before a weekend or holiday. */
  marketClosed?: boolean;
  /** Present when a side is a metal: what its amount is measured in (troy ounces unless asked). */
  unit?: MetalUnit;
}

/** How a converter answer writes its numbers: JSON numbers (the default) or exact decimal strings. */
export type NumbersFormat = 'number' | 'string';
export const NUMBERS_FORMATS: readonly NumbersFormat[] = ['number', 'string'];

/**
 * GET /api/rates/convert with `numbers=string` (docs/decisions.md, Numbers): amount, rate and result as
 * plain decimal strings, so that a client shows every digit the server computed.
 */
export interface ExactConvertResponse extends Omit<ConvertResponse, 'amount' | 'rate' | 'result'> {
  amount: string;
  rate: string;
  result: string;
}

/** The signed-in user as the app sees it. */
export interface CurrentUser {
  uid: string;
  email: string;
  displayName: string;
  /**
   * Whether the user proved they own `email` (the link of the verification email). Until then the
   * account signs in and uses the web app, but creates no API key and gets no mail but that link.
   */
  emailVerified: boolean;
}

/** Body of POST /api/auth/verify-email: the token of the link in the verification email. */
export interface VerifyEmailRequest {
  token: string;
}

/** Body of POST /api/auth/password-reset: the address to email a reset link to, if it has an account. */
export interface PasswordResetRequest {
  email: string;
}

/** Body of POST /api/auth/password-reset/confirm: the link's token and the new password, twice. */
export interface PasswordResetConfirmRequest {
  token: string;
  password: string;
  confirmPassword: string;
}

/** Body of POST /api/account/email: the address to move the signed-in account to, and its password. */
export interface ChangeEmailRequest {
  newEmail: string;
  currentPassword: string;
}

/** Body of POST /api/account/email/confirm: the token of the link mailed to the new address. */
export interface ConfirmEmailChangeRequest {
  token: string;
}

/** GET /api/account/email and the answers of both calls above: the address, and a change waiting for its link. */
export interface EmailChangeStatus {
  email: string;
  /** The address a link was mailed to, until it is opened or expires; null when none waits. */
  pendingEmail: string | null;
  /** When that link stops working (ISO 8601), or null. */
  pendingExpiresAt: string | null;
}

/** Body of POST /api/auth/password: the signed-in user's current password and the new one, twice. */
export interface ChangePasswordRequest {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/** Body of POST /api/auth/register. `confirmPassword`, when sent, must equal `password`. */
export interface RegisterRequest {
  firstName: string;
  lastName: string;
  company?: string;
  email: string;
  password: string;
  confirmPassword?: string;
  /** The plan chosen on the pricing page; the account stays on free until a payment is verified. */
  plan?: PlanId;
}

/** Body of POST /api/auth/login. */
export interface LoginRequest {
  email: string;
  password: string;
}

/**
 * Response of register, login and refresh. The refresh token travels only in an HttpOnly cookie
 * scoped to /api/auth; the access token (a JWT, 15 minutes) is kept in memory by the client.
 */
export interface AuthResponse {
  user: CurrentUser;
  accessToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

export type BillingCycle = 'monthly' | 'annual';

/** A downgrade PayPal has confirmed, waiting for the end of the period already paid for. */
export interface PendingPlanChange {
  plan: PlanId;
  billingCycle: BillingCycle;
  /** ISO 8601 instant: the end of the paid period, when the new plan applies. */
  effectiveAt: string;
}

/** Response of GET /api/account (the free plan's defaults when unsubscribed). */
export interface AccountResponse {
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
  company: string | null;
  plan: PlanId;
  billingCycle: BillingCycle;
  /** "active" unless a subscription says otherwise. */
  status: string;
  /** ISO 8601 instants, or null when unknown (shown as "N/A"). */
  startDate: string | null;
  currentPeriodEnd: string | null;
  /** Decimal string in major units, e.g. "15.99"; "0.00" on the free plan. */
  amount: string;
  currency: string;
  createdAt: string;
  /**
   * ISO 8601 instant of the last sign-in with email and password; null for a new user, who has only
   * the session that signing up opened ("Welcome" rather than "Welcome back").
   */
  lastSignInAt: string | null;
  /** A downgrade waiting for the end of the paid period (currentPeriodEnd); null when none. */
  pendingChange: PendingPlanChange | null;
}

/**
 * What a payment paid for: `subscription` is a recurring charge of the subscription (its first
 * payment and every renewal); `upgrade` is the prorated difference taken when moving to a dearer
 * plan mid-period. More kinds may be added: clients show an unknown one as a payment.
 */
export type AccountPaymentKind = 'subscription' | 'upgrade';

/** paid: PayPal captured it; refunded: given back since (a refund or a chargeback). */
export type AccountPaymentStatus = 'paid' | 'refunded';

/** One payment of GET /api/account/payments: as PayPal captured it, never as we asked for it. */
export interface AccountPayment {
  /** Our reference, also the receipt number and PayPal's invoice_id. */
  id: string;
  /** ISO 8601 instant PayPal captured the money. */
  paidAt: string;
  kind: AccountPaymentKind;
  status: AccountPaymentStatus;
  plan: PlanId;
  billingCycle: BillingCycle;
  /** ISO 8601 instants: the part of the billing period the payment paid for. */
  periodStart: string;
  periodEnd: string;
  /** Decimal string in major units, e.g. "516.00". */
  amount: string;
  currency: string;
  /** PayPal's id of the capture or sale (the transaction id PayPal shows the buyer). */
  paypalTransactionId: string;
}

/** A page of GET /api/account/payments, newest first. */
export interface AccountPaymentPage {
  data: AccountPayment[];
  /** Pass as `cursor` for the next page; null on the last page. */
  next: string | null;
}

/** GET /api/account/payments/{id}: one payment and whom its receipt is made out to. */
export interface PaymentReceipt extends AccountPayment {
  customer: { firstName: string; lastName: string; company: string | null; email: string };
}

/** Body of DELETE /api/account: the password, and a second-factor code when that is on. */
export interface DeleteAccountRequest {
  password: string;
  code?: string;
}

/**
 * GET /api/account/export: everything held about the account, as stored (column names
 * in camelCase, instants in ISO 8601), never a password, key or token, nor a hash of one.
 */
export interface AccountExport {
  format: 'fxrates-account-export/1';
  exportedAt: string;
  profile: Record<string, unknown>;
  subscriptions: Record<string, unknown>[];
  apiKeys: Record<string, unknown>[];
  usage: Record<string, unknown>[];
  payments: Record<string, unknown>[];
  contactMessages: Record<string, unknown>[];
  quotaAlerts: Record<string, unknown>[];
  emailChanges: Record<string, unknown>[];
  emailVerifications: Record<string, unknown>[];
  passwordResets: Record<string, unknown>[];
  sessions: Record<string, unknown>[];
  /** The account's audit log, newest first, as GET /api/account/audit lists it. */
  auditLog: AuditEventView[];
}

/** Body of PATCH /api/account: only these fields may change. */
export interface UpdateAccountRequest {
  firstName?: string;
  lastName?: string;
  company?: string | null;
}

/**
 * GET /api/account/notifications, and the body of its PATCH: which quota alerts the
 * user is emailed. `quotaAlerts` lists the thresholds left on, ascending; all three by default.
 */
export interface NotificationSettings {
  quotaAlerts: QuotaAlertThreshold[];
}

export type ApiKeyStatus = 'active' | 'disabled';

/** An API key as listed in the dashboard: never the full key, only its prefix and last 4. */
export interface ApiKeyView extends ApiKeyRestrictions {
  id: string;
  name: string;
  kind: ApiKeyKind;
  /** e.g. "fxrates_••••••••••••••••••••••••••••3f9a". */
  maskedKey: string;
  status: ApiKeyStatus;
  createdAt: string;
  disabledAt: string | null;
  totalRequests: number;
  lastUsed: string | null;
  /** After a roll, the previous secret until its overlap ends; otherwise null. */
  retiring: RetiringSecret | null;
}

/** A page of GET /api/keys/disabled: newest first; `next` is the cursor of the following page, null on the last. */
export interface ApiKeyPage {
  data: ApiKeyView[];
  next: string | null;
}

/** Response of POST /api/keys: the only time the full key is shown. */
export interface CreatedApiKey extends ApiKeyView {
  key: string;
}

/** One day of metered calls: the total and each key's share. */
export interface UsageDay {
  day: string;
  total: number;
  byKey: Record<string, number>;
}

/** A user's monthly quota this month: GET /api/v1/usage, and the head of GET /api/usage. */
export interface QuotaState {
  plan: PlanId;
  monthlyQuota: number;
  used: number;
  remaining: number;
  /** Start of the next metering month, ISO 8601. */
  resetsAt: string;
  burstPerSecond: number;
}

/** Response of GET /api/usage: the dashboard's "Monthly Usage" chart and "API Limits" panel. */
export interface AccountUsage extends QuotaState {
  /** Every day of this month (UTC) up to today, zeros included. */
  days: UsageDay[];
}

/** One signed-in session of the account (GET /api/account/sessions), newest use first. */
export interface AccountSessionView {
  /** Opaque; what DELETE /api/account/sessions/{id} takes. */
  id: string;
  /** "Chrome 131 on macOS", as read from the User-Agent. */
  browser: string;
  /** Where the network of its last address is registered ("London, United Kingdom"), else null. */
  place: string | null;
  /** That network ("203.0.113.0/24", "2001:db8:1::/48"), never the address; null when unknown. */
  network: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601: its last refresh or signed-in call (recorded at most every few minutes). */
  lastUsedAt: string;
  /** The session the request came with. */
  current: boolean;
}
