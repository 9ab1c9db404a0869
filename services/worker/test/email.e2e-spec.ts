import { MikroORM } from '@mikro-orm/postgresql';
import { ContactMessage } from '@fxrates/db';
import { getQueueToken } from '@nestjs/bullmq';
import { JOBS, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { givenIn } from '../../api/test/support/given';
import { startTestApp, type TestApp } from '../../api/test/test-app';
import { testConfig } from '../../api/test/test-config';
import { WorkerModule } from '../src/worker.module';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './support/smtp-sink';
import { freePort } from '@fxrates/testing';
import { until } from './support/waiting';

/** The API stores and queues, the worker sends: both on one config (own Redis prefix, so own queues). */
async function startPair(smtpPort: number, overrides: Record<string, string> = {}) {
  const config = testConfig({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    EMAIL_RETRY_DELAY_MS: '200',
    ...overrides,
    RATES_INGEST_INTERVAL_MS: '600000',
    USAGE_FLUSH_INTERVAL_MS: '600000',
    SUPPORT_EMAIL: 'support@fxrates.example',
  });
  const api = await startTestApp(config);
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
  return { api, worker };
}

/** A mail's raw text with quoted-printable's soft line breaks undone. */
const unwrapped = (mail: ReceivedMail) => mail.raw.replace(/=\r?\n/g, '');

async function sendContact(api: TestApp, subject: string): Promise<string> {
  await request(api.app.getHttpServer())
    .post('/api/v1/contact')
    .send({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject,
      message: 'Hello there',
      recaptchaToken: 'dev',
    })
    .expect(202);
  return (await api.app.get(MikroORM).em.fork().findOneOrFail(ContactMessage, { subject })).id;
}

/** The contact message as stored now. */
const storedMessage = (api: TestApp, id: string) =>
  api.app.get(MikroORM).em.fork().findOneOrFail(ContactMessage, id);

describe('worker: contact email', () => {
  let smtp: SmtpSink;
  let pair: { api: TestApp; worker: INestApplicationContext };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    pair = await startPair(smtp.port);
  });
  afterAll(async () => {
    await pair.worker.close();
    await pair.api.close();
    await smtp.close();
  });

  it('emails a stored message to support, reply-to the sender, with a stable Message-ID', async () => {
    const subject = `Question ${randomUUID()}`;
    const id = await sendContact(pair.api, subject);
    await until(() => smtp.mails.some((m) => unwrapped(m).includes(subject)));
    const mail = smtp.mails.find((m) => unwrapped(m).includes(subject))!;
    expect(mail.to).toEqual(['support@fxrates.example']);
    // The sender's words are in the body only.
    expect(mail.header('Subject')).toBe(`[Contact] Message ${id}`);
    expect(unwrapped(mail)).toContain(`Subject: ${subject}`);
    expect(mail.header('Reply-To')).toBe('ada@example.com');
    expect(mail.header('Message-ID')).toBe(`<contact-${id}@fxrates.example>`);
    expect(mail.raw).toContain('Hello there');
    await until(async () => (await storedMessage(pair.api, id)).emailedAt !== null);
  });
});

describe('worker: contact email sweep', () => {
  it('queues a stored message the API could not queue, once', async () => {
    const smtp = await startSmtpSink();
    const pair = await startPair(smtp.port);
    try {
      const subject = `Orphan ${randomUUID()}`;
      await givenIn(pair.api.app).contactMessage('ada@example.com', {
        name: 'Ada Lovelace',
        subject,
        message: 'Lost on the way',
        createdAt: new Date(Date.now() - 5 * 60_000),
      });
      const queue = pair.worker.get<Queue>(getQueueToken(QUEUES.email));
      for (let i = 0; i < 2; i++) {
        const sweep = await queue.add(JOBS.requeueUnsentEmail, { messageId: '' });
        await until(async () => (await sweep.isCompleted()) === true);
      }
      await until(() => smtp.mails.some((m) => unwrapped(m).includes(subject)));
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.mails.filter((m) => unwrapped(m).includes(subject))).toHaveLength(1);
    } finally {
      await pair.worker.close();
      await pair.api.close();
      await smtp.close();
    }
  });
});

describe('worker: contact email while SMTP is down', () => {
  it('keeps the message and sends it exactly once when SMTP comes back', async () => {
    const port = await freePort();
    const pair = await startPair(port);
    let smtp: SmtpSink | undefined;
    try {
      const subject = `Outage ${randomUUID()}`;
      const id = await sendContact(pair.api, subject);
      await new Promise((r) => setTimeout(r, 1000)); // a few attempts fail: nothing listens
      const pending = await storedMessage(pair.api, id);
      expect([pending.emailedAt, pending.emailFailedAt]).toEqual([null, null]);

      smtp = await startSmtpSink(port);
      await until(() => smtp!.mails.some((m) => unwrapped(m).includes(subject)), 20_000);
      await new Promise((r) => setTimeout(r, 1500)); // no second copy arrives later
      expect(smtp.mails.filter((m) => unwrapped(m).includes(subject))).toHaveLength(1);
      await until(async () => (await storedMessage(pair.api, id)).emailedAt !== null);
    } finally {
      await pair.worker.close();
      await pair.api.close();
      await smtp?.close();
    }
  }, 40_000);
});

describe('worker: contact email while SMTP is down longer than its retries', () => {
  it('is sent once SMTP is back, by the scheduled sweep, without anyone running a command', async () => {
    const port = await freePort();
    // 10 attempts from 10 ms doubling: all refused within seconds; the sweep runs every second.
    const pair = await startPair(port, { EMAIL_RETRY_DELAY_MS: '10', EMAIL_SWEEP_INTERVAL_MS: '1000' });
    let smtp: SmtpSink | undefined;
    try {
      const subject = `Long outage ${randomUUID()}`;
      const id = await sendContact(pair.api, subject);
      const row = () => storedMessage(pair.api, id);
      await until(async () => (await row()).emailFailedAt !== null, 30_000); // its job gave up

      smtp = await startSmtpSink(port);
      await until(() => smtp!.mails.some((m) => unwrapped(m).includes(subject)), 20_000);
      await new Promise((r) => setTimeout(r, 2500)); // two more sweeps: no second copy
      expect(smtp.mails.filter((m) => unwrapped(m).includes(subject))).toHaveLength(1);
      await until(async () => (await row()).emailedAt !== null);
      expect((await row()).emailFailedAt).toBeNull();
    } finally {
      await pair.worker.close();
      await pair.api.close();
      await smtp?.close();
    }
  }, 60_000);
});
