import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import { JOBS, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { AnonymousSession, RefreshToken, User } from '@fxrates/db';
import { givenFor } from '@fxrates/testing';
import { testConfig } from '../../api/test/test-config';
import { BAR_PARTITIONS_SCHEDULER_ID, SESSION_PURGE_SCHEDULER_ID } from '../src/schedules';
import { WorkerModule } from '../src/worker.module';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('worker: maintenance', () => {
  const config = testConfig({ RATES_INGEST_INTERVAL_MS: '600000' });
  let worker: INestApplicationContext;

  beforeAll(async () => {
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
  });
  afterAll(async () => {
    await worker.close();
    const redis = new Redis(config.redis.url);
    const keys = await redis.keys(`${config.redis.keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const given = () => givenFor({ em: worker.get(MikroORM).em, config });
  const em = () => worker.get(MikroORM).em.fork();
  const ago = (ms: number) => new Date(Date.now() - ms);
  const fromNow = (ms: number) => new Date(Date.now() + ms);

  it('purges sessions expired more than 7 days ago and keeps the rest', async () => {
    const tokenHashOf = async (expiresAt: Date, createdAt?: Date) =>
      (await given().anonymousSession({ expiresAt, createdAt })).tokenHash;
    const hashes = {
      old: await tokenHashOf(ago(8 * DAY_MS), ago(9 * DAY_MS)),
      recent: await tokenHashOf(ago(HOUR_MS), ago(13 * HOUR_MS)),
      live: await tokenHashOf(fromNow(HOUR_MS)),
    };
    const queue = worker.get<Queue>(getQueueToken(QUEUES.maintenance));
    expect((await queue.getJobSchedulers()).map((s) => s.key).sort()).toEqual(
      [BAR_PARTITIONS_SCHEDULER_ID, SESSION_PURGE_SCHEDULER_ID].sort(),
    );
    const job = await queue.add(JOBS.purgeExpiredSessions, { olderThanMs: 7 * 24 * 3600 * 1000 });
    const deadline = Date.now() + 10_000;
    while (!(await job.isCompleted()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // The daily schedule also runs once at boot and may be the one that deletes the old row.
    expect(await job.isCompleted()).toBe(true);

    const left = await em().find(AnonymousSession, {
      tokenHash: { $in: [hashes.old, hashes.recent, hashes.live] },
    });
    expect(left.map((r) => r.tokenHash).sort()).toEqual([hashes.recent, hashes.live].sort());
  });

  it('purges refresh tokens expired or revoked more than 7 days ago, keeping rotated ones for reuse detection', async () => {
    const user = await given().user();
    const rows = {
      expiredLongAgo: { expiresAt: ago(8 * DAY_MS) },
      revokedLongAgo: { expiresAt: fromNow(DAY_MS), revokedAt: ago(8 * DAY_MS) },
      revokedRecently: { expiresAt: fromNow(DAY_MS), revokedAt: ago(DAY_MS) },
      rotatedLongAgo: { expiresAt: fromNow(DAY_MS), rotatedAt: ago(10 * DAY_MS) },
      live: { expiresAt: fromNow(10 * DAY_MS) },
    };
    const hashOf: Record<string, string> = {};
    for (const [name, token] of Object.entries(rows)) {
      hashOf[name] = (await given().refreshToken(user, token)).tokenHash;
    }
    const queue = worker.get<Queue>(getQueueToken(QUEUES.maintenance));
    const job = await queue.add(JOBS.purgeExpiredSessions, { olderThanMs: 7 * 24 * 3600 * 1000 });
    const deadline = Date.now() + 10_000;
    while (!(await job.isCompleted()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await job.isCompleted()).toBe(true);

    const left = await em().find(RefreshToken, { user: user.id });
    const names = Object.keys(hashOf).filter((name) => left.some((r) => r.tokenHash === hashOf[name]));
    expect(names.sort()).toEqual(['live', 'revokedRecently', 'rotatedLongAgo']);
    await em().nativeDelete(User, { id: user.id });
  });
});
