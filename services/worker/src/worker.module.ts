import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { RateBarsRepository, RateHistoryRepository, repositoryProvider } from '@fxrates/db';
import { PAYPAL_PROVIDERS } from '@fxrates/paypal';
import { ALL_QUEUES } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { MaintenanceProcessor } from './processors/maintenance.processor';
import { HistoryBackfillProcessor } from './history/history-backfill.processor';
import { UsageFlushProcessor } from './processors/usage-flush.processor';
import { EmailProcessor } from './processors/email.processor';
import { QuotaAlertMailer } from './quota-alerts/quota-alert-mailer';
import { VerificationMailer } from './email-verification/verification-mailer';
import { EmailChangeMailer } from './email-change/email-change-mailer';
import { PasswordChangedMailer } from './password-reset/password-changed-mailer';
import { AccountDeletedMailer } from './account-deletion/account-deleted-mailer';
import { PasswordResetMailer } from './password-reset/password-reset-mailer';
import { PayPalWebhooksProcessor } from './processors/paypal-webhooks.processor';
import { SubscriptionSync } from './billing/subscription-sync';
import { UnappliedEventsSweep } from './billing/unapplied-events-sweep';
import { UpgradePaymentsSweep } from './billing/upgrade-payments-sweep';
import { BarKeeper, BarRetention } from './bars';
import { WorkerMetrics } from './health/worker-metrics';
import { refuseUnmatchedJobHandlers } from './jobs/job-handlers-check';
import { queuesWorkedBy } from './jobs/worked-queues';
import { JobWorkers } from './lifecycle/job-workers';
import { RateHistoryReader } from './rates/rate-history-reader';
import { RateHistoryWriter } from './rates/rate-history-writer';
import { RatesIngestion } from './rates/rates-ingestion';
import { RatesIngestWorkers } from './rates/rates-ingest-workers';
import { Schedules } from './schedules';
import { SourceAgeSamplerProcessor } from './status/source-age-sampler.processor';
import { infrastructureImports, infrastructureProviders } from './worker-infrastructure';
import { WORKER_REDIS } from './worker.tokens';
import { FixingFreezer, FixingSigningKeys, FixingsProcessor } from './fixings';
import { RateAlertDelivery, RateAlertEvaluator, RateAlertHistory } from './rate-alerts';
import {
  RatesWebhookEvents,
  WebhookDeliveries,
  WebhookDisabledMailer,
  WebhookEmitter,
  WebhooksProcessor,
} from './webhooks';

/** What the worker runs: its processors and schedules, and the services they use. */
export const WORKER_SERVICES = [
  RateHistoryWriter,
  RateHistoryReader,
  RatesIngestion,
  RatesIngestWorkers,
  BarKeeper,
  BarRetention,
  SourceAgeSamplerProcessor,
  MaintenanceProcessor,
  HistoryBackfillProcessor,
  QuotaAlertMailer,
  RateAlertHistory,
  RateAlertDelivery,
  RateAlertEvaluator,
  VerificationMailer,
  EmailChangeMailer,
  PasswordResetMailer,
  PasswordChangedMailer,
  AccountDeletedMailer,
  UsageFlushProcessor,
  EmailProcessor,
  ...PAYPAL_PROVIDERS,
  SubscriptionSync,
  UnappliedEventsSweep,
  UpgradePaymentsSweep,
  PayPalWebhooksProcessor,
  WorkerMetrics,
  Schedules,
  WebhookEmitter,
  RatesWebhookEvents,
  WebhookDisabledMailer,
  WebhookDeliveries,
  WebhooksProcessor,
  FixingSigningKeys,
  FixingFreezer,
  FixingsProcessor,
];

/** The worker process: queue processors and schedules, no HTTP controllers. */
@Module({})
export class WorkerModule implements OnApplicationShutdown {
  constructor(@Inject(WORKER_REDIS) private readonly redis: Redis) {}

  static forRoot(config: AppConfig): DynamicModule {
    const jobWorkers = new JobWorkers(config.worker);
    // Before anything connects: a job of a queue this process works that has no handler would fail
    // each time it comes, one with two would run in whichever BullMQ gives it to; the process
    // refuses to start instead, naming them.
    refuseUnmatchedJobHandlers(queuesWorkedBy(config), WORKER_SERVICES);
    // Nest builds every processor's worker with this class: recovery settings and jobs in hand.
    BullModule.workerClass = jobWorkers.workerClass;
    return {
      module: WorkerModule,
      global: true,
      imports: [
        ...infrastructureImports(config),
        // Every queue, so the metrics and the board see them all, even those without a processor yet.
        BullModule.registerQueue(...ALL_QUEUES.map((name) => ({ name }))),
      ],
      providers: [
        ...infrastructureProviders(config),
        { provide: JobWorkers, useValue: jobWorkers },
        repositoryProvider(RateHistoryRepository),
        repositoryProvider(RateBarsRepository),
        ...WORKER_SERVICES,
      ],
      exports: [APP_CONFIG, WORKER_REDIS],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
