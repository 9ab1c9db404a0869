import type { INestApplicationContext } from '@nestjs/common';
import { JOBS } from '@fxrates/queues';
import type { ProviderId } from '@fxrates/rates';
import type { IngestReport } from '../../src/rates/rates-ingestion';
import { RatesIngestWorkers } from '../../src/rates/rates-ingest-workers';
import { runJob } from './waiting';

/** Queues a manual ingest of `provider` on `worker` and waits for its report (a failed job throws). */
export function ingestNow(
  worker: INestApplicationContext,
  provider: ProviderId,
  timeoutMs = 10_000,
): Promise<IngestReport> {
  const queue = worker.get(RatesIngestWorkers).queueOf(provider);
  return runJob<IngestReport>(queue, JOBS.ingestRates, { trigger: 'manual' }, timeoutMs);
}
