import { MikroORM } from '@mikro-orm/core';
import { CreateRequestContext } from '@mikro-orm/decorators/legacy';
import { EntityManager } from '@mikro-orm/postgresql';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { AnonymousSession, RefreshToken } from '@fxrates/db';
import { JOBS, QUEUES, type PurgeExpiredSessionsJob } from '@fxrates/queues';
import { UnrecoverableError, type Job } from 'bullmq';

/**
 * Housekeeping: deletes anonymous sessions and refresh tokens that expired (or, for refresh tokens,
 * were revoked) long ago, so the tables stay small. Rotated refresh tokens stay until they expire:
 * reuse detection needs them.
 */
@Processor(QUEUES.maintenance, { concurrency: 1 })
export class MaintenanceProcessor extends WorkerHost {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    // Used by @CreateRequestContext to give each job its own identity map.
    readonly orm: MikroORM,
    private readonly em: EntityManager,
  ) {
    super();
  }

  @CreateRequestContext()
  async process(job: Job<PurgeExpiredSessionsJob>): Promise<{ deleted: number; refreshTokens: number }> {
    if (job.name !== JOBS.purgeExpiredSessions) throw new UnrecoverableError(`unknown job "${job.name}"`);
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
}
