import type { INestApplicationContext } from '@nestjs/common';
import { JOBS } from '@fxrates/queues';
import type { ProviderId } from '@fxrates/rates';
import type { IngestReport } from '../../src/rates/rates-ingestion';
import { RatesIngestWorkers } from '../../src/rates/rates-ingest-workers';
import { until } from './waiting';

/** Queues a manual ingest of `provider` on `worker` and waits for its report (a failed job throws). */
export async function ingestNow(
  worker: INestApplicationContext,
  provider: ProviderId,
  timeoutMs = 10_000,
): Promise<IngestReport> {
  const queue = worker.get(RatesIngestWorkers).queueOf(provider);
  const job = await queue.add(JOBS.ingestRates, { trigger: 'manual' });
  let report: IngestReport | undefined;
  await until(async () => {
    const done = await queue.getJob(job.id!);
    if (done?.failedReason) throw new Error(done.failedReason);
    report = done?.returnvalue ?? undefined;
    return report !== undefined;
  }, timeoutMs);
  return report!;
}
