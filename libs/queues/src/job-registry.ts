import type {
  ApplyPayPalEventJob,
  RequeueUnappliedPayPalEventsJob,
  SyncPayPalSubscriptionJob,
} from './paypal';
import type { DeliverWebhookJob, FanOutWebhookEventJob, SendWebhookDisabledEmailJob } from './webhooks';
import type { FreezeFixingJob, PlanFixingsJob } from './fixings';
import {
  QUEUES,
  RATES_INGEST,
  type BackfillHistoryJob,
  type EmailChangeJob,
  type EndLapsedPlansJob,
  type FlushUsageJob,
  type IngestRatesJob,
  type PurgeExpiredSessionsJob,
  type KeepBarPartitionsJob,
  type RequeueUnsentEmailJob,
  type SampleSourceAgesJob,
  type SendAccountDeletedEmailJob,
  type SendContactEmailJob,
  type SendPasswordChangedEmailJob,
  type SendPasswordResetEmailJob,
  type SendQuotaAlertEmailJob,
  type SendRateAlertEmailJob,
  type SendVerificationEmailJob,
} from './queues';

/** A queue a job is declared on: a BullMQ queue of QUEUES, or the rates ingest (one queue per provider). */
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES] | typeof RATES_INGEST;

declare const payloadType: unique symbol;

/** One job: its name and its queue, with its payload type carried along for the compiler only. */
export interface JobDefinition<Name extends string, Queue extends QueueName, Payload> {
  readonly name: Name;
  readonly queue: Queue;
  readonly [payloadType]?: Payload;
}

/** `job<Payload>()(name, queue)`: in two steps, as TypeScript infers the name and queue only when the payload is not given with them. */
function job<Payload>() {
  return <Name extends string, Queue extends QueueName>(
    name: Name,
    queue: Queue,
  ): JobDefinition<Name, Queue, Payload> => ({ name, queue });
}

/**
 * Every job of the system, each declared once: its name, the queue it runs on and its payload. The
 * names (JOBS), the jobs of each queue and the payload a producer must give are derived from here,
 * and the worker refuses to start unless each job of the queues it works has exactly one handler.
 */
export const JOB_DEFINITIONS = {
  ingestRates: job<IngestRatesJob>()('ingest-rates', RATES_INGEST),
  purgeExpiredSessions: job<PurgeExpiredSessionsJob>()('purge-expired-sessions', QUEUES.maintenance),
  keepBarPartitions: job<KeepBarPartitionsJob>()('keep-bar-partitions', QUEUES.maintenance),
  flushUsage: job<FlushUsageJob>()('flush-usage', QUEUES.usageFlush),
  sendContactEmail: job<SendContactEmailJob>()('send-contact-email', QUEUES.email),
  sendQuotaAlertEmail: job<SendQuotaAlertEmailJob>()('send-quota-alert-email', QUEUES.email),
  sendRateAlertEmail: job<SendRateAlertEmailJob>()('send-rate-alert-email', QUEUES.email),
  sendVerificationEmail: job<SendVerificationEmailJob>()('send-verification-email', QUEUES.email),
  sendPasswordResetEmail: job<SendPasswordResetEmailJob>()('send-password-reset-email', QUEUES.email),
  sendPasswordChangedEmail: job<SendPasswordChangedEmailJob>()('send-password-changed-email', QUEUES.email),
  sendEmailChangeLink: job<EmailChangeJob>()('send-email-change-link', QUEUES.email),
  sendEmailChangedNotice: job<EmailChangeJob>()('send-email-changed-notice', QUEUES.email),
  sendAccountDeletedEmail: job<SendAccountDeletedEmailJob>()('send-account-deleted-email', QUEUES.email),
  requeueUnsentEmail: job<RequeueUnsentEmailJob>()('requeue-unsent-email', QUEUES.email),
  applyPayPalEvent: job<ApplyPayPalEventJob>()('apply-paypal-event', QUEUES.paypalWebhooks),
  requeueUnappliedPayPalEvents: job<RequeueUnappliedPayPalEventsJob>()(
    'requeue-unapplied-paypal-events',
    QUEUES.paypalWebhooks,
  ),
  syncPayPalSubscription: job<SyncPayPalSubscriptionJob>()('sync-paypal-subscription', QUEUES.paypalWebhooks),
  endLapsedPlans: job<EndLapsedPlansJob>()('end-lapsed-plans', QUEUES.paypalWebhooks),
  sampleSourceAges: job<SampleSourceAgesJob>()('sample-source-ages', QUEUES.sourceStatus),
  backfillHistory: job<BackfillHistoryJob>()('backfill-history', QUEUES.historyBackfill),
  fanOutWebhookEvent: job<FanOutWebhookEventJob>()('fan-out-webhook-event', QUEUES.webhooks),
  deliverWebhook: job<DeliverWebhookJob>()('deliver-webhook', QUEUES.webhooks),
  sendWebhookDisabledEmail: job<SendWebhookDisabledEmailJob>()('send-webhook-disabled-email', QUEUES.email),
  freezeFixing: job<FreezeFixingJob>()('freeze-fixing', QUEUES.fixings),
  planFixings: job<PlanFixingsJob>()('plan-fixings', QUEUES.fixings),
} as const;

type Definitions = typeof JOB_DEFINITIONS;
type AnyDefinition = Definitions[keyof Definitions];

/** Every job name. */
export type JobName = AnyDefinition['name'];

/** The payload a job of that name carries. */
export type JobPayload<Name extends JobName> =
  Extract<AnyDefinition, { name: Name }> extends JobDefinition<Name, QueueName, infer Payload>
    ? Payload
    : never;

/** The queue a job of that name runs on. */
export type QueueOfJob<Name extends JobName> = Extract<AnyDefinition, { name: Name }>['queue'];

/** The names of the jobs declared on a queue. */
export type JobNameOn<Queue extends QueueName> = Extract<AnyDefinition, { queue: Queue }>['name'];

/** Job names by their key in JOB_DEFINITIONS: `JOBS.sendContactEmail` is `'send-contact-email'`. */
export const JOBS = Object.fromEntries(
  Object.entries(JOB_DEFINITIONS).map(([key, definition]) => [key, definition.name]),
) as { readonly [Key in keyof Definitions]: Definitions[Key]['name'] };

const definitions: readonly AnyDefinition[] = Object.values(JOB_DEFINITIONS);

/** Every job name, in the order of JOB_DEFINITIONS. */
export const JOB_NAMES: readonly JobName[] = definitions.map((definition) => definition.name);

/** The queue a job runs on; undefined for a name no job has (a job queued by a newer or older version). */
export function queueOfJob(name: string): QueueName | undefined {
  return definitions.find((definition) => definition.name === name)?.queue;
}

/** The names of the jobs declared on a queue, in the order of JOB_DEFINITIONS. */
export function jobNamesOn<Queue extends QueueName>(queue: Queue): JobNameOn<Queue>[] {
  return definitions
    .filter((definition) => definition.queue === queue)
    .map((definition) => definition.name as JobNameOn<Queue>);
}
