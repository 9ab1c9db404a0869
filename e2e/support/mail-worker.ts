import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  startSmtpSink,
  type ReceivedMail,
  type SmtpSink,
} from '../../services/worker/test/support/smtp-sink';
import { emailChangeMailsTo } from '../../services/api/test/support/email-change-mail';
import { passwordResetMailsTo } from '../../services/api/test/support/password-reset-mail';
import { bodyOf, verificationMailsTo } from '../../services/api/test/support/verification-mail';
import { until } from '../../services/worker/test/support/waiting';
import { e2eEnvironment } from './e2e-environment';
import { freePort } from '@fxrates/testing';
import { ARTIFACTS_DIR, REPO_ROOT } from './paths';
import { waitForHttpOk } from './wait-for-http';

export const WORKER_LOG_FILE = path.join(ARTIFACTS_DIR, 'e2e-worker.log');

export interface MailWorker {
  smtp: SmtpSink;
  /** Every mail to the address that a worker of this run sent, whichever spec file started it. */
  mailsTo(email: string): ReceivedMail[];
  /** Waits for the `count`-th verification mail to the address and answers its link, as mailed. */
  verificationLink(email: string, count?: number): Promise<string>;
  /** Waits for the `count`-th password-reset mail to the address and answers its link, as mailed. */
  passwordResetLink(email: string, count?: number): Promise<string>;
  /** Waits for the `count`-th email-change mail to the (new) address and answers its link, as mailed. */
  emailChangeLink(email: string, count?: number): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The mail of the whole run, in files. Spec files run in parallel processes, and the workers they
 * start all take jobs from the API's one email queue: a mail asked for by one file may be sent by
 * another file's worker, to that worker's SMTP stand-in. So every stand-in's mail is written here,
 * and every file reads all of it.
 */
function runMailbox(runKey: string) {
  const dir = path.join(ARTIFACTS_DIR, 'e2e-mail', runKey.replace(/[^A-Za-z0-9-]/g, '_'));
  fs.mkdirSync(dir, { recursive: true });
  let written = 0;
  return {
    /** Writes the stand-in's mails not written yet, in the order it received them. */
    collect(smtp: SmtpSink): void {
      for (; written < smtp.mails.length; written += 1) {
        const { from, to, raw } = smtp.mails[written];
        const name = `${Date.now()}-${process.pid}-${String(written).padStart(6, '0')}.json`;
        fs.writeFileSync(path.join(dir, name), JSON.stringify({ from, to, raw }));
      }
    },
    /** The run's mails, oldest first. */
    read(): ReceivedMail[] {
      return fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => {
          const mail = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Omit<
            ReceivedMail,
            'header'
          >;
          const head = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
          const header = (field: string) =>
            head
              .split(/\r?\n/)
              .find((line) => line.toLowerCase().startsWith(`${field.toLowerCase()}:`))
              ?.slice(field.length + 1)
              .trim();
          return { ...mail, header };
        });
    },
  };
}

/** Waits for the `count`-th of the mails, and answers the link of its plain-text body. */
async function linkOfMail(
  mails: () => ReceivedMail[],
  count: number,
  link: RegExp,
  what: string,
): Promise<string> {
  await until(() => mails().length >= count, 30_000);
  const body = bodyOf(mails()[count - 1]);
  const found = link.exec(body)?.[1];
  if (!found) throw new Error(`No ${what} link in:\n${body}`);
  return found;
}

/**
 * The product's worker (`dist/services/worker/src/main.js`) on the API's queues, sending through an
 * SMTP stand-in, with WEB_URL the shell under test: the mail a user would get, links and all. For
 * the spec files whose subject is mail; the rest of the suite runs without a worker. It ingests no
 * rates (an empty RATES_PROVIDERS), so the rates the other files see stay the API's own.
 */
export async function startMailWorker(): Promise<MailWorker> {
  const { baseUrl, apiProcessEnv, redisKeyPrefix } = e2eEnvironment();
  const smtp = await startSmtpSink();
  const mailbox = runMailbox(redisKeyPrefix);
  const collecting = setInterval(() => mailbox.collect(smtp), 100);
  /** This run's mail, as if one stand-in had received all of it (the mail filters read `mails`). */
  const runMail = (): SmtpSink => {
    mailbox.collect(smtp);
    return { ...smtp, mails: mailbox.read() };
  };
  const healthPort = await freePort();
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
    clearInterval(collecting);
    mailbox.collect(smtp);
  };
  try {
    await waitForHttpOk(`http://127.0.0.1:${healthPort}/health/ready`, { abortIf: () => exit });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    smtp,
    mailsTo: (email) => runMail().mails.filter((m) => m.to.includes(email.toLowerCase())),
    verificationLink: (email, count = 1) =>
      linkOfMail(
        () => verificationMailsTo(runMail(), email),
        count,
        /(https?:\/\/\S+\/dashboard\/verify-email#token=[A-Za-z0-9._-]+)/,
        'verification',
      ),
    passwordResetLink: (email, count = 1) =>
      linkOfMail(
        () => passwordResetMailsTo(runMail(), email),
        count,
        /(https?:\/\/\S+\/reset-password#token=[A-Za-z0-9._-]+)/,
        'password-reset',
      ),
    emailChangeLink: (email, count = 1) =>
      linkOfMail(
        () => emailChangeMailsTo(runMail(), email),
        count,
        /(https?:\/\/\S+\/confirm-email#token=[A-Za-z0-9._-]+)/,
        'email-change',
      ),
    stop,
  };
}

/**
 * For a spec file whose subject is mail: one worker for the file, started before its tests and
 * stopped after them. Returns the running worker.
 */
export function useMailWorker(): () => MailWorker {
  let mail: MailWorker | undefined;
  beforeAll(async () => {
    mail = await startMailWorker();
  });
  afterAll(async () => {
    await mail?.stop();
  });
  return () => {
    if (!mail) throw new Error('The mail worker has not started');
    return mail;
  };
}

/** The token of an emailed link, which must reach no server but in a POST body. */
export function tokenOfLink(link: string): string {
  return new URL(link).hash.replace(/^#token=/, '');
}
