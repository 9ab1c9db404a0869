import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startSmtpSink, type SmtpSink } from '../../services/worker/test/support/smtp-sink';
import { bodyOf, verificationMailsTo } from '../../services/api/test/support/verification-mail';
import { until } from '../../services/worker/test/support/waiting';
import { e2eEnvironment } from './e2e-environment';
import { findFreePort } from './free-port';
import { ARTIFACTS_DIR, REPO_ROOT } from './paths';
import { waitForHttpOk } from './wait-for-http';

export const WORKER_LOG_FILE = path.join(ARTIFACTS_DIR, 'e2e-worker.log');

export interface MailWorker {
  smtp: SmtpSink;
  /** Waits for the `count`-th verification mail to the address and answers its link, as mailed. */
  verificationLink(email: string, count?: number): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The product's worker (`dist/services/worker/src/main.js`) on the API's queues, sending through an
 * SMTP stand-in, with WEB_URL the shell under test: the mail a user would get, links and all. For
 * the spec files whose subject is mail; the rest of the suite runs without a worker. It ingests no
 * rates (an empty RATES_PROVIDERS), so the rates the other files see stay the API's own.
 */
export async function startMailWorker(): Promise<MailWorker> {
  const { baseUrl, apiProcessEnv } = e2eEnvironment();
  const smtp = await startSmtpSink();
  const healthPort = await findFreePort();
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const log = fs.createWriteStream(WORKER_LOG_FILE, { flags: 'w' });
  const child: ChildProcess = spawn(process.execPath, ['dist/services/worker/src/main.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...apiProcessEnv,
      WORKER_HEALTH_PORT: String(healthPort),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      WEB_URL: baseUrl,
      EMAIL_RETRY_DELAY_MS: '200',
      RATES_PROVIDERS: ',',
      RATES_HISTORY_BACKFILL: 'none',
      USAGE_FLUSH_INTERVAL_MS: '3600000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exit: string | null = null;
  child.once('exit', (code, signal) => {
    exit = `The worker exited (${signal ?? code}); see ${WORKER_LOG_FILE}`;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      });
    }
    await new Promise<void>((resolve) => log.end(() => resolve()));
    await smtp.close();
  };
  try {
    await waitForHttpOk(`http://127.0.0.1:${healthPort}/health/ready`, { abortIf: () => exit });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    smtp,
    async verificationLink(email, count = 1) {
      await until(() => verificationMailsTo(smtp, email).length >= count, 30_000);
      const body = bodyOf(verificationMailsTo(smtp, email)[count - 1]);
      const link = /(https?:\/\/\S+\/dashboard\/verify-email#token=[A-Za-z0-9._-]+)/.exec(body)?.[1];
      if (!link) throw new Error(`No verification link in:\n${body}`);
      return link;
    },
    stop,
  };
}
