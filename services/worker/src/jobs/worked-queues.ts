import type { AppConfig } from '@fxrates/config';
import { QUEUES, RATES_INGEST, type QueueName } from '@fxrates/queues';

/**
 * The queues a worker with this config takes jobs from: every fixed queue (WorkerModule provides
 * all their processors), and the rates ingest when a provider is enabled (RatesIngestWorkers runs
 * one worker per enabled provider, none when RATES_PROVIDERS is empty).
 */
export function queuesWorkedBy(config: AppConfig): QueueName[] {
  const fixed: QueueName[] = Object.values(QUEUES);
  return config.rates.providers.length > 0 ? [...fixed, RATES_INGEST] : fixed;
}
