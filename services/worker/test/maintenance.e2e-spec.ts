import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import { JOBS, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { givenFor } from '@fxrates/testing';
import { testConfig } from '../../api/test/test-config';
import { SESSION_PURGE_SCHEDULER_ID } from '../src/schedules';
import { WorkerModule } from '../src/worker.module';

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

  it('purges sessions expired more than 7 days ago and keeps the rest', async () => {
    const db = worker.get(MikroORM).em.getConnection();
    const hashes = {
      old: randomBytes(32).toString('hex'),
      recent: randomBytes(32).toString('hex'),
      live: randomBytes(32).toString('hex'),
    };
    await db.execute(
      `insert into anonymous_sessions (id, token_hash, expires_at, created_at) values
        (gen_random_uuid(), ?, now() - interval '8 days', now() - interval '9 days'),
        (gen_random_uuid(), ?, now() - interval '1 hour', now() - interval '13 hours'),
        (gen_random_uuid(), ?, now() + interval '1 hour', now())`,
      [hashes.old, hashes.recent, hashes.live],
    );
    const queue = worker.get<Queue>(getQueueToken(QUEUES.maintenance));
    expect((await queue.getJobSchedulers()).map((s) => s.key)).toEqual([SESSION_PURGE_SCHEDULER_ID]);
    const job = await queue.add(JOBS.purgeExpiredSessions, { olderThanMs: 7 * 24 * 3600 * 1000 });
    const deadline = Date.now() + 10_000;
    while (!(await job.isCompleted()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // The daily schedule also runs once at boot and may be the one that deletes the old row.
    expect(await job.isCompleted()).toBe(true);

    const left = await db.execute<{ token_hash: string }[]>(
      'select token_hash from anonymous_sessions where token_hash in (?, ?, ?)',
      [hashes.old, hashes.recent, hashes.live],
    );
    expect(left.map((r: { token_hash: string }) => r.token_hash).sort()).toEqual(
      [hashes.recent, hashes.live].sort(),
    );
  });

  it('purges refresh tokens expired or revoked more than 7 days ago, keeping rotated ones for reuse detection', async () => {
    const db = worker.get(MikroORM).em.getConnection();
    const user = await givenFor({ em: worker.get(MikroORM).em, config }).user();
    const rows = {
      expiredLongAgo: `expires_at = now() - interval '8 days'`,
      revokedLongAgo: `expires_at = now() + interval '1 day', revoked_at = now() - interval '8 days'`,
      revokedRecently: `expires_at = now() + interval '1 day', revoked_at = now() - interval '1 day'`,
      rotatedLongAgo: `expires_at = now() + interval '1 day', rotated_at = now() - interval '10 days'`,
      live: `expires_at = now() + interval '10 days'`,
    };
    const hashOf: Record<string, string> = {};
    for (const [name, set] of Object.entries(rows)) {
      hashOf[name] = randomBytes(32).toString('hex');
      await db.execute(
        `insert into refresh_tokens (id, user_id, family, token_hash, expires_at, created_at)
         values (gen_random_uuid(), ?, gen_random_uuid(), ?, now(), now())`,
        [user.id, hashOf[name]],
      );
      await db.execute(`update refresh_tokens set ${set} where token_hash = ?`, [hashOf[name]]);
    }
    const queue = worker.get<Queue>(getQueueToken(QUEUES.maintenance));
    const job = await queue.add(JOBS.purgeExpiredSessions, { olderThanMs: 7 * 24 * 3600 * 1000 });
    const deadline = Date.now() + 10_000;
    while (!(await job.isCompleted()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await job.isCompleted()).toBe(true);

    const left = await db.execute<{ token_hash: string }[]>(
      'select token_hash from refresh_tokens where user_id = ?',
      [user.id],
    );
    const names = Object.keys(hashOf).filter((name) =>
      left.some((r: { token_hash: string }) => r.token_hash === hashOf[name]),
    );
    expect(names.sort()).toEqual(['live', 'revokedRecently', 'rotatedLongAgo']);
    await db.execute('delete from users where id = ?', [user.id]);
  });
});
