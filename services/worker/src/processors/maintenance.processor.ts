import { MikroORM } from '@mikro-orm/core';
import { CreateRequestContext } from '@mikro-orm/decorators/legacy';
import { EntityManager } from '@mikro-orm/postgresql';
import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { AnonymousSession, RefreshToken } from '@fxrates/db';
import { JOBS, QUEUES, type KeepBarPartitionsJob, type PurgeExpiredSessionsJob } from '@fxrates/queues';
import type { Job } from 'bullmq';
import { BarRetention, type BarRetentionReport } from '../bars';
import { JobHandler } from '../jobs/job-handler';
import { JobProcessor } from '../jobs/job-processor';

/**
 * Housekeeping: deletes anonymous sessions and refresh tokens that expired (or, for refresh tokens,
 * were revoked) long ago, so the tables stay small. Rotated refresh tokens stay until they expire:
 * reuse detection needs them.
 */
@Processor(QUEUES.maintenance, { concurrency: 1 })
export class MaintenanceProcessor extends JobProcessor {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    // Used by @CreateRequestContext to give each job its own identity map.
    readonly orm: MikroORM,
    private readonly em: EntityManager,
    private readonly bars: BarRetention,
  ) {
    super();
  }

  @JobHandler(JOBS.purgeExpiredSessions)
  @CreateRequestContext()
  async purgeExpiredSessions(
    job: Job<PurgeExpiredSessionsJob>,
  ): Promise<{ deleted: number; refreshTokens: number }> {
    const before = new Date(Date.now() - job.data.olderThanMs);
    const deleted = await this.em.nativeDelete(AnonymousSession, { expiresAt: { $lt: before } });
    const refreshTokens = await this.em.nativeDelete(RefreshToken, {
      $or: [{ expiresAt: { $lt: before } }, { revokedAt: { $lt: before } }],
    });
    this.logger.log(
      `Deleted ${deleted} anonymous session(s) and ${refreshTokens} refresh token(s) ended before ${before.toISOString()}`,
    );
    return { deleted, refreshTokens };
  }

  /** The intraday bars' partitions: this month's and the next made ahead, those past retention dropped. */
  @JobHandler(JOBS.keepBarPartitions)
  async keepBarPartitions(job: Job<KeepBarPartitionsJob>): Promise<BarRetentionReport> {
    void job;
    return this.bars.run(Date.now());
  }
}
