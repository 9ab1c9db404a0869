import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testConfig } from '../../api/test/test-config';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { freePort } from '@fxrates/testing';
import { until } from './support/waiting';
import { killAll, startWorkerProcess, type WorkerProcess } from './support/worker-processes';

const ROOT = path.resolve(__dirname, '../../..');
const API_MAIN = path.join(ROOT, 'dist/services/api/src/main.js');
const SERVER = 2;
const PRODUCER = 4;
const CONSUMER = 5;

/**
 * The built API and worker with OpenTelemetry pointed at a loopback OTLP/HTTP collector: one sign-up
 * (PostgreSQL, Redis, a verification mail job the worker sends) is one trace across both processes.
 * Without configuration no part of the SDK is even loaded.
 */
describe('tracing: OpenTelemetry over OTLP/HTTP', () => {
  const config = testConfig();
  const scratch = mkdtempSync(path.join(tmpdir(), 'fxrates-tracing-'));
  // Loaded first into each process (NODE_OPTIONS): on SIGUSR2 it writes which telemetry modules are
  // loaded, and what is registered with OpenTelemetry's API. The API package itself is not counted:
  // prom-client loads it for exemplars, and unregistered it is a no-op facade. Written beside and
  // renamed into place, so the test, which waits for the file to exist, never reads half of it.
  const probe = path.join(scratch, 'loaded-modules.js');
  writeFileSync(
    probe,
    `process.on('SIGUSR2', () => {
       const fs = require('node:fs');
       fs.writeFileSync(process.env.LOADED_MODULES_FILE + '.part', JSON.stringify({
         modules: Object.keys(require.cache).filter((p) => /@opentelemetry[\\\\/](?!api[\\\\/])|bullmq-otel|@fastify[\\\\/]otel/.test(p)),
         registered: Object.keys(globalThis[Symbol.for('opentelemetry.js.api.1')] ?? {}).filter((k) => k !== 'version'),
       }));
       fs.renameSync(process.env.LOADED_MODULES_FILE + '.part', process.env.LOADED_MODULES_FILE);
     });`,
  );
  let receiver: OtlpReceiver;
  let smtp: SmtpSink;
  const children: ChildProcess[] = [];
  const workers: WorkerProcess[] = [];

  async function startApi(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
    const port = await freePort();
    const child = spawn(process.execPath, [API_MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: config.database.url,
        REDIS_URL: config.redis.url,
        REDIS_KEY_PREFIX: config.redis.keyPrefix,
        API_PORT: String(port),
        RATES_PROVIDERS: 'bundled-snapshot',
        RATES_HISTORY_BACKFILL: 'none',
        RATES_INGEST_INTERVAL_MS: '600000',
        USAGE_FLUSH_INTERVAL_MS: '600000',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const base = `http://127.0.0.1:${port}`;
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`API exited at start:\n${stderr}`);
      return (await fetch(`${base}/api/health/ready`).catch(() => undefined))?.status === 200;
    }, 60_000);
    return { child, base };
  }

  async function signUp(base: string, requestId: string): Promise<void> {
    const res = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({
        email: `tracing-${randomBytes(6).toString('hex')}@example.com`,
        password: 'Correct-horse-battery-9',
        firstName: 'Trace',
        lastName: 'Test',
      }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe(requestId);
  }

  async function loadedTelemetry(
    child: ChildProcess,
    name: string,
  ): Promise<{ modules: string[]; registered: string[] }> {
    const file = path.join(scratch, `${name}.json`);
    child.kill('SIGUSR2');
    await until(() => existsSync(file));
    return JSON.parse(readFileSync(file, 'utf8')) as { modules: string[]; registered: string[] };
  }

  beforeAll(async () => {
    if (!existsSync(API_MAIN)) throw new Error(`${API_MAIN} is missing: run \`npm run build\` first`);
    receiver = await startOtlpReceiver();
    smtp = await startSmtpSink();
  });
  async function stopAll(): Promise<void> {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
    }
    await killAll(workers.splice(0));
  }

  afterAll(async () => {
    await stopAll();
    await smtp.close();
    await receiver.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  // Each starts built API and worker processes (the worker's start-up grows with every module):
  // on a 2-core CI machine building images beside the tests that took over 30 s.
  it('exports one trace from the HTTP request through PostgreSQL, Redis and BullMQ into the job, both encodings', async () => {
    const telemetry = {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      // Spans leave within 100 ms instead of 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    const { base } = await startApi({ ...telemetry, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' });
    workers.push(
      await startWorkerProcess(config, {
        ...telemetry,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      }),
    );
    const requestId = `tracing-${randomBytes(4).toString('hex')}`;
    await signUp(base, requestId);

    let server: ReceivedSpan | undefined;
    const inTrace = (test: (span: ReceivedSpan) => boolean) =>
      receiver.spans.find((span) => span.traceId === server?.traceId && test(span));
    const expected = {
      fastify: (s: ReceivedSpan) => s.service === 'fxrates-api' && s.scope === '@fastify/otel',
      pg: (s: ReceivedSpan) =>
        s.service === 'fxrates-api' &&
        s.scope === '@opentelemetry/instrumentation-pg' &&
        /INSERT/.test(s.name),
      ioredis: (s: ReceivedSpan) =>
        s.service === 'fxrates-api' && s.scope === '@opentelemetry/instrumentation-ioredis',
      enqueued: (s: ReceivedSpan) =>
        s.service === 'fxrates-api' && s.kind === PRODUCER && s.name.includes('send-verification-email'),
      processed: (s: ReceivedSpan) => s.service === 'fxrates-worker' && s.kind === CONSUMER,
      workerPg: (s: ReceivedSpan) =>
        s.service === 'fxrates-worker' && s.scope === '@opentelemetry/instrumentation-pg',
    };
    await until(() => {
      server = receiver.spans.find(
        (s) =>
          s.service === 'fxrates-api' &&
          s.scope === '@opentelemetry/instrumentation-http' &&
          s.kind === SERVER &&
          s.name.includes('/api/auth/register'),
      );
      return Object.values(expected).every((test) => inTrace(test) !== undefined);
    }, 30_000).catch(() => {
      throw new Error(
        `missing spans of the sign-up's trace; received:\n${receiver.spans
          .map((s) => `${s.service} ${s.scope} ${s.name} ${s.traceId}`)
          .join('\n')}`,
      );
    });
    // The server span is the trace's root; the worker's consumer span continues the producer's.
    expect(server!.parentSpanId).toBe('');
    expect(inTrace(expected.processed)!.traceId).toBe(inTrace(expected.enqueued)!.traceId);
    expect(receiver.encodings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^application\/x-protobuf/),
        expect.stringMatching(/^application\/json/),
      ]),
    );

    // The request id rides in the job: the worker's log lines of it carry it.
    const sent = () =>
      workers[0].output
        .join('')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; requestId?: string; queue?: string; job?: string })
        .find((line) => /^Verification link .* emailed/.test(line.msg ?? ''));
    await until(() => sent() !== undefined);
    expect(sent()).toMatchObject({ requestId, queue: 'email', job: 'send-verification-email' });
    // Their background work (schedules, pings) would export spans while the next test counts them.
    await stopAll();
  }, 90_000);

  it('loads nothing of OpenTelemetry and exports nothing unless configured', async () => {
    const before = receiver.spans.length;
    const files = { api: path.join(scratch, 'api.json'), worker: path.join(scratch, 'worker.json') };
    const { child, base } = await startApi({
      NODE_OPTIONS: `--require ${probe}`,
      LOADED_MODULES_FILE: files.api,
      // An endpoint, but the exporter switched off: as if nothing were configured.
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_TRACES_EXPORTER: 'none',
    });
    const worker = await startWorkerProcess(config, {
      NODE_OPTIONS: `--require ${probe}`,
      LOADED_MODULES_FILE: files.worker,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    });
    workers.push(worker);
    await signUp(base, `untraced-${randomBytes(4).toString('hex')}`);
    await until(() => smtp.mails.length >= 2);
    expect(await loadedTelemetry(child, 'api')).toEqual({ modules: [], registered: [] });
    expect(await loadedTelemetry(worker.child, 'worker')).toEqual({ modules: [], registered: [] });
    // Longer than the batch delay of the run above: anything exported would have arrived.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.spans.length).toBe(before);
  }, 90_000);
});
