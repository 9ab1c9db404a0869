import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { JOB_NAMES, queueOfJob, QUEUES, RATES_INGEST, type JobName } from '@fxrates/queues';
import type { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { testConfig } from '../../api/test/test-config';
import { jobHandlersOf } from '../src/jobs/job-handler';
import { RatesIngestWorkers } from '../src/rates/rates-ingest-workers';
import { WORKER_SERVICES, WorkerModule } from '../src/worker.module';
import { until } from './support/waiting';

/** The class and method the worker's @JobHandler marks give a job name (the boot check made them one each). */
function handlerOf(name: JobName): { handlerClass: new (...args: never[]) => object; method: string } {
  for (const provider of WORKER_SERVICES) {
    const entry = jobHandlersOf(provider).find((candidate) => candidate.job === name);
    if (entry) return { handlerClass: provider as new (...args: never[]) => object, method: entry.method };
  }
  throw new Error(`no handler of ${name}`);
}

describe('worker: every job runs in its handler', () => {
  const config = testConfig({ RATES_INGEST_INTERVAL_MS: '600000' });
  let worker: INestApplicationContext;

  /** The BullMQ queue a job of that name goes on (the rates ingest: the bundled snapshot's, the one enabled). */
  const queueFor = (name: JobName): Queue =>
    queueOfJob(name) === RATES_INGEST
      ? (worker.get(RatesIngestWorkers).queueOf('bundled-snapshot') as unknown as Queue)
      : worker.get<Queue>(getQueueToken(queueOfJob(name)));

  beforeAll(async () => {
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await worker.close();
    const redis = new Redis(config.redis.url);
    const keys = await redis.keys(`${config.redis.keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('boots with the real processors and gives each declared job to the method marked for it', async () => {
    const handled = JOB_NAMES.map((name) => {
      const { handlerClass, method } = handlerOf(name);
      const instance = worker.get(handlerClass);
      const label = `${handlerClass.name}.${method}`;
      // The handler's own work (mail, PayPal, PostgreSQL) has its own tests: here, who is called.
      const spy = jest
        .spyOn(instance as Record<string, (job: Job) => Promise<unknown>>, method)
        .mockImplementation(async (job: Job) => ({ ranBy: label, data: job.data as unknown }));
      return { name, label, spy };
    });

    const runs = await Promise.all(
      handled.map(async ({ name, label, spy }) => {
        const data = { probe: name };
        const job = await queueFor(name).add(name, data, { attempts: 1 });
        let done: Job | undefined;
        await until(async () => {
          done = await queueFor(name).getJob(job.id!);
          if (done?.failedReason) throw new Error(`${name}: ${done.failedReason}`);
          return done?.returnvalue != null;
        }, 15_000);
        const calledWith = spy.mock.calls.map(([call]) => call).find((call) => call.id === job.id);
        return { name, label, result: done!.returnvalue as unknown, calledWithName: calledWith?.name, data };
      }),
    );

    for (const run of runs) {
      expect(run.result).toEqual({ ranBy: run.label, data: run.data });
      expect(run.calledWithName).toBe(run.name);
    }
    expect(runs.map((run) => run.name).sort()).toEqual([...JOB_NAMES].sort());
  });

  it('fails a job whose name no handler has at its first attempt, naming it', async () => {
    const queue = worker.get<Queue>(getQueueToken(QUEUES.email));
    const job = await queue.add('retired-job', {}, { attempts: 5 });
    let failed: Job | undefined;
    await until(async () => {
      failed = await queue.getJob(job.id!);
      return Boolean(failed?.finishedOn);
    }, 10_000);
    expect(await failed!.getState()).toBe('failed');
    expect(failed!.failedReason).toBe('unknown job "retired-job"');
    expect(failed!.attemptsMade).toBe(1);
  });
});
