import { RATE_PROVIDER_IDS, type RateProviderId } from '@fxrates/domain';
import type { DefaultJobOptions } from 'bullmq';

/**
 * Every BullMQ queue of the system but the rates ingest's (below). Producers and processors import
 * names from here only; which jobs run on each is declared in job-registry.ts.
 */
export const QUEUES = {
  email: 'email',
  paypalWebhooks: 'paypal-webhooks',
  usageFlush: 'usage-flush',
  maintenance: 'maintenance',
  sourceStatus: 'source-status',
  historyBackfill: 'history-backfill',
  webhooks: 'webhooks',
  fixings: 'fixings',
} as const;

/**
 * The rates ingest: one BullMQ queue per provider (ratesIngestQueue), each worked one job at a time,
 * so a slow provider delays only itself. Its jobs are declared on this name for all of them.
 */
export const RATES_INGEST = 'rates-ingest';

/** The ingest queue of one rates provider. */
export function ratesIngestQueue(provider: RateProviderId): string {
  return `${RATES_INGEST}-${provider}`;
}

/** Every queue name: the fixed ones and one ingest queue per provider. */
export const ALL_QUEUES: readonly string[] = [
  ...Object.values(QUEUES),
  ...RATE_PROVIDER_IDS.map(ratesIngestQueue),
];

/**
 * Payload of `history-backfill` / `backfill-history`: why it runs (a worker's start, the daily
 * schedule, by hand). The queue runs one job at a time across every worker (global concurrency 1).
 */
export interface BackfillHistoryJob {
  trigger: 'start' | 'schedule' | 'manual';
}

/** The job id of the backfill a starting worker asks for: workers starting together ask for one run. */
export const HISTORY_BACKFILL_START_JOB_ID = 'history-backfill.start';

/** Payload of `source-status` / `sample-source-ages`: why the sampling runs. */
export interface SampleSourceAgesJob {
  trigger: 'schedule' | 'manual';
}

/** Payload of `paypal-webhooks` / `end-lapsed-plans`: why the sweep runs. */
export interface EndLapsedPlansJob {
  trigger: 'schedule' | 'manual';
}

/** Payload of `rates-ingest-<provider>` / `ingest-rates`. */
export interface IngestRatesJob {
  /** Why the job runs: the repeatable schedule or a manual trigger. */
  trigger: 'schedule' | 'manual';
}

/**
 * Where a job came from: the X-Request-Id of the API request that enqueued it. The worker writes it
 * on every log line of the job, so one id follows a request from the API's access log into its jobs.
 */
export interface JobOrigin {
  requestId?: string;
}

/** Payload of `email` / `send-contact-email`: the stored message to send (also the job id). */
export interface SendContactEmailJob extends JobOrigin {
  messageId: string;
}

/** Payload of `email` / `send-quota-alert-email`: the stored quota alert (a row of quota_alerts) to send. */
export interface SendQuotaAlertEmailJob {
  alertId: string;
}

/** Payload of `email` / `send-rate-alert-email`: the firing (a row of rate_alert_firings) to send. */
export interface SendRateAlertEmailJob {
  firingId: string;
}

/** The job id of a rate alert firing's email: one per firing, so a second add joins the first. */
export function rateAlertEmailJobId(firingId: string): string {
  return `rate-alert.${firingId}`;
}

/** Payload of `email` / `send-verification-email`: the link (a row of email_verifications) to send. */
export interface SendVerificationEmailJob extends JobOrigin {
  verificationId: string;
}

/**
 * Payload of `email` / `send-password-reset-email`: an address someone asked a reset
 * link for. The worker stores and mails a link if an account has it, and does nothing otherwise: the
 * API answers the same either way.
 */
export interface SendPasswordResetEmailJob extends JobOrigin {
  email: string;
}

/**
 * Payload of `email` / `send-password-changed-email`: tell the account's address its password was
 * changed (by a reset link or from the account page), with the way back if it was not its owner.
 */
export interface SendPasswordChangedEmailJob extends JobOrigin {
  userId: string;
  /** When (ISO 8601): the mail says so, and a retry says the same. */
  changedAt: string;
}

/**
 * Payload of `email` / `send-email-change-link` and `send-email-changed-notice`: the email_changes
 * row whose link goes to the new address, or whose notice goes to the address it replaced once the
 * change is made.
 */
export interface EmailChangeJob extends JobOrigin {
  emailChangeId: string;
}

/**
 * Payload of `email` / `send-account-deleted-email`: the confirmation that an account was deleted,
 * to the address it had (the account no longer holds it). Removed once sent.
 */
export interface SendAccountDeletedEmailJob extends JobOrigin {
  email: string;
  /** When (ISO 8601): the mail says so, and a retry says the same. */
  deletedAt: string;
}

/** The job id of a deletion's confirmation: one per account, so a retried delete mails once. */
export function accountDeletedJobId(userId: string): string {
  return `account-deleted.${userId}`;
}

/** Payload of `email` / `requeue-unsent-email` (the sweep needs nothing). */
export type RequeueUnsentEmailJob = Record<string, never>;

/** The job id of an email-change mail: one per row and kind, so a retried add sends nothing twice. */
export function emailChangeJobId(kind: 'link' | 'notice', emailChangeId: string): string {
  return `email-change-${kind}.${emailChangeId}`;
}

/** The job id of a verification email: one per link. BullMQ refuses ":" in ids. */
export function verificationEmailJobId(verificationId: string): string {
  return `email-verification.${verificationId}`;
}

/**
 * The job id of a quota alert's email: one per user, month, quota and threshold, so a second add of
 * the same alert (a retried flush, the sweep) joins the job already there. BullMQ refuses ":" in ids.
 */
export function quotaAlertJobId(alert: {
  userId: string;
  month: string;
  monthlyQuota: number;
  threshold: number;
}): string {
  return `quota-alert.${alert.userId}.${alert.month}.${alert.monthlyQuota}.${alert.threshold}`;
}

/**
 * An SMTP outage can last a while: 10 attempts from 5 s doubling (with jitter) span about 85 minutes
 * before a message is marked failed for operators.
 */
export function emailJobOptions(firstRetryDelayMs = 5000) {
  return {
    attempts: 10,
    backoff: { type: 'exponential' as const, delay: firstRetryDelayMs, jitter: 0.3 },
    removeOnComplete: { age: 24 * 3600 },
    removeOnFail: false,
  };
}

/** Payload of `usage-flush` / `flush-usage`. */
export interface FlushUsageJob {
  trigger: 'schedule' | 'manual';
}

/** Payload of `maintenance` / `purge-expired-sessions`: sessions expired longer than this are deleted. */
export interface PurgeExpiredSessionsJob {
  olderThanMs: number;
}

/** Payload of `maintenance` / `keep-bar-partitions`: the intraday bars' partitions made ahead and dropped past retention. */
export interface KeepBarPartitionsJob {
  trigger: 'schedule' | 'manual';
}

/** Exponential backoff; BullMQ adds jitter through `jitter`. Completed jobs are kept briefly, failed ones for inspection. */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000, jitter: 0.5 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** BullMQ's own key prefix, under our Redis prefix so environments sharing a Redis never collide. */
export function bullPrefix(redisKeyPrefix: string): string {
  return `${redisKeyPrefix}bull`;
}
