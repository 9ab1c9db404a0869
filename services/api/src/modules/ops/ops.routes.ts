import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG, OperatorAccess, operatorPagesEnabled, type AppConfig } from '@fxrates/config';
import { ALL_QUEUES, bullConnection, bullPrefix } from '@fxrates/queues';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis';
import { ApiMetrics, METRICS_PATH } from '../../common/metrics';
import { registerOperatorScope } from './operator-scope';

export const BULL_BOARD_PATH = '/admin/queues';

/**
 * Operator pages, only when OPS_USER and OPS_PASSWORD are set, behind HTTP Basic checked on the
 * matched route (registerOperatorScope): Bull Board over every queue at /admin/queues, read-only
 * unless OPS_QUEUES_WRITABLE, and the Prometheus exposition at /api/metrics. Also times every
 * request for the latency histogram.
 */
@Injectable()
export class OpsRoutes implements OnModuleInit, OnApplicationShutdown {
  private readonly queues: Queue[] = [];

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: ApiMetrics,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onResponse', (request, reply, done) => {
      this.metrics.httpDuration.observe(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
    if (!operatorPagesEnabled(this.config.ops)) return;

    const access = new OperatorAccess(this.config.ops, this.redis, this.config.redis.keyPrefix);
    const connection = bullConnection(this.config.redis.url);
    const prefix = bullPrefix(this.config.redis.keyPrefix);
    for (const name of ALL_QUEUES) this.queues.push(new Queue(name, { connection, prefix }));
    const readOnlyMode = !this.config.ops.queuesWritable;
    const board = new FastifyAdapter();
    createBullBoard({
      queues: this.queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode })),
      serverAdapter: board,
    });
    board.setBasePath(BULL_BOARD_PATH);
    registerOperatorScope(fastify, access, this.config.ops.queuesWritable, async (scope) => {
      scope.get(METRICS_PATH, async (_request, reply) => {
        void reply.header('content-type', this.metrics.registry.contentType);
        return this.metrics.registry.metrics();
      });
      await scope.register(board.registerPlugin(), { prefix: BULL_BOARD_PATH });
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
  }
}
