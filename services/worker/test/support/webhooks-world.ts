import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AppConfig } from '@fxrates/config';
import { WebhookDelivery, WebhookEndpoint } from '@fxrates/db';
import type { WebhookEventEnvelope, WebhookEventType } from '@fxrates/domain';
import type { WebhookAudience } from '@fxrates/queues';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { givenIn } from '../../../api/test/support/given';
import { signedInUser } from '../../../api/test/support/signed-in';
import { startTestApp, type TestApp } from '../../../api/test/test-app';
import { testConfig } from '../../../api/test/test-config';
import { WebhookEmitter } from '../../src/webhooks';
import { WorkerModule } from '../../src/worker.module';
import { until } from './waiting';

/** An account signed in to the API. */
export interface WebhookAccount {
  userId: string;
  email: string;
  accessToken: string;
}

/** The API (endpoint management) and a worker (fan-out, delivery) on one config of their own. */
export class WebhooksWorld {
  readonly workers: INestApplicationContext[] = [];

  private constructor(
    readonly config: AppConfig,
    readonly api: TestApp,
  ) {}

  /** The API and (unless `worker: false`) one in-process worker. */
  static async start(
    overrides: Record<string, string>,
    options: { worker?: boolean } = {},
  ): Promise<WebhooksWorld> {
    const config = testConfig({
      RATES_INGEST_INTERVAL_MS: '600000',
      USAGE_FLUSH_INTERVAL_MS: '600000',
      EMAIL_RETRY_DELAY_MS: '200',
      WEBHOOKS_TIMEOUT_MS: '3000',
      ...overrides,
    });
    const world = new WebhooksWorld(config, await startTestApp(config));
    if (options.worker !== false) await world.addWorker();
    return world;
  }

  async addWorker(): Promise<INestApplicationContext> {
    const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(this.config), {
      logger: false,
    });
    this.workers.push(worker);
    return worker;
  }

  async close(): Promise<void> {
    for (const worker of this.workers) await worker.close();
    await this.api.close();
  }

  get http() {
    return request(this.api.app.getHttpServer());
  }

  get given() {
    return givenIn(this.api.app);
  }

  em(): EntityManager {
    return this.api.app.get(MikroORM).em.fork();
  }

  async account(options: Parameters<typeof signedInUser>[1] = {}): Promise<WebhookAccount> {
    const { accessToken, id: userId, email } = await signedInUser(this.api.app, options);
    return { userId, email, accessToken };
  }

  /** Creates an endpoint through the API, as the dashboard does: its id and secret. */
  async endpoint(
    account: WebhookAccount,
    body: { url: string; events: WebhookEventType[]; pairs?: string[]; minChangePercent?: string },
  ): Promise<{ id: string; secret: string }> {
    const created = await this.http
      .post('/api/webhooks')
      .set('Authorization', `Bearer ${account.accessToken}`)
      .send(body)
      .expect(201);
    return { id: created.body.endpoint.id, secret: created.body.secret };
  }

  emit(event: WebhookEventEnvelope, audience: WebhookAudience): Promise<void> {
    return this.workers[0].get(WebhookEmitter).emit(event, audience);
  }

  /** The endpoint's deliveries, oldest first. */
  deliveries(endpointId: string): Promise<WebhookDelivery[]> {
    return this.em().find(WebhookDelivery, { endpointId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  endpointRow(id: string): Promise<WebhookEndpoint> {
    return this.em().findOneOrFail(WebhookEndpoint, { id });
  }

  /** Waits until every delivery of the endpoint is delivered or failed (`count` of them at least). */
  async settled(endpointId: string, count = 1, timeoutMs = 20_000): Promise<WebhookDelivery[]> {
    let rows: WebhookDelivery[] = [];
    await until(async () => {
      rows = await this.deliveries(endpointId);
      return rows.length >= count && rows.every((row) => row.status !== 'pending');
    }, timeoutMs);
    return rows;
  }
}

/** An event of `type` with a fresh id. */
export function anEvent(type: WebhookEventType, data: Record<string, unknown> = {}): WebhookEventEnvelope {
  return { id: `evt_${randomUUID()}`, type, createdAt: new Date().toISOString(), data };
}
