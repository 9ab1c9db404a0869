import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { ContactMessage } from '@fxrates/db';
import { getQueueToken } from '@nestjs/bullmq';
import { QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { startSiteverifyStandIn, type SiteverifyStandIn } from './support/siteverify-stand-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

describe('POST /api/v1/contact', () => {
  const SECRET = 'test-recaptcha-secret';
  let siteverify: SiteverifyStandIn;
  let t: TestApp;
  const body = (token: string, overrides: object = {}) => ({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    subject: 'Enterprise volumes',
    message: 'Can we talk about 10M requests a month?',
    recaptchaToken: token,
    ...overrides,
  });
  const send = (
    payload: object,
    ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  ) => request(t.app.getHttpServer()).post('/api/v1/contact').set('X-Forwarded-For', ip).send(payload);
  const stored = (subject: string) => t.app.get(MikroORM).em.fork().find(ContactMessage, { subject });

  beforeAll(async () => {
    siteverify = await startSiteverifyStandIn(SECRET);
    t = await startTestApp(
      testConfig({
        RECAPTCHA_SECRET: SECRET,
        RECAPTCHA_VERIFY_URL: siteverify.url,
        TRUST_PROXY: 'true',
        CONTACT_LIMIT_PER_HOUR: '3',
        // Most tests here write as ada@example.com; the address limit has tests of its own below.
        CONTACT_ADDRESS_LIMIT_PER_HOUR: '1000',
      }),
    );
  });
  afterAll(async () => {
    await t.close();
    await siteverify.close();
  });

  it('verifies the token, stores the message and queues its email under the message id', async () => {
    const subject = `Hello ${randomUUID()}`;
    const requestId = `contact-${randomUUID()}`;
    const res = await send(body(`good-${randomUUID()}`, { subject }))
      .set('X-Request-Id', requestId)
      .expect(202);
    expect(res.body).toEqual({ success: true });
    const [row] = await stored(subject);
    expect(row).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', emailedAt: null });
    const job = await t.app.get<Queue>(getQueueToken(QUEUES.email)).getJob(row.id);
    // The request's id goes with the job: the worker's log lines of it carry it (docs/observability.md).
    expect(job?.data).toEqual({ messageId: row.id, requestId });
    const form = siteverify.requests.at(-1)!;
    expect(form.get('secret')).toBe(SECRET);
    expect(form.get('remoteip')).toMatch(/^10\.9\./);
  });

  it.each([
    ['low-', 'a low score'],
    ['action-', 'another action'],
    ['host-', 'another hostname'],
    ['refused-', 'a refused token'],
  ])('refuses %s tokens (%s) with 400 recaptcha-failed and stores nothing', async (prefix) => {
    const subject = `Refused ${randomUUID()}`;
    const res = await send(body(`${prefix}${randomUUID()}`, { subject })).expect(400);
    expect(res.body).toMatchObject({
      code: 'recaptcha-failed',
      message: 'We could not confirm you are human. Reload the page and send the message again.',
    });
    expect(await stored(subject)).toEqual([]);
  });

  it('refuses a token used twice', async () => {
    const token = `good-${randomUUID()}`;
    await send(body(token)).expect(202);
    expect((await send(body(token)).expect(400)).body.code).toBe('recaptcha-failed');
  });

  it('answers 503 with Retry-After when siteverify does not answer in time, and stores nothing', async () => {
    const subject = `Hang ${randomUUID()}`;
    const res = await send(body(`hang-${randomUUID()}`, { subject })).expect(503);
    expect(res.body.code).toBe('recaptcha-unavailable');
    expect(res.headers['retry-after']).toBe('60');
    expect(await stored(subject)).toEqual([]);
  }, 15_000);

  it.each([
    [{ name: '' }, 'validation-failed'],
    [{ name: 'x'.repeat(101) }, 'validation-failed'],
    [{ subject: 'x'.repeat(201) }, 'validation-failed'],
    [{ message: 'x'.repeat(5001) }, 'validation-failed'],
    [{ email: 'not-an-email' }, 'invalid-email'],
    [{ recaptchaToken: '' }, 'recaptcha-failed'],
    [{ website: 'https://spam.example' }, 'validation-failed'],
  ])('refuses %j with 400 %s', async (overrides, code) => {
    const res = await send(body(`good-${randomUUID()}`, overrides)).expect(400);
    expect(res.body.code).toBe(code);
  });

  it('throttles each IP (3 per hour here) with 429, Retry-After and how long to wait', async () => {
    const ip = '10.200.1.1';
    for (let i = 0; i < 3; i++) await send(body(`good-${randomUUID()}`), ip).expect(202);
    const res = await send(body(`good-${randomUUID()}`), ip).expect(429);
    expect(res.body.code).toBe('rate-limited');
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(60);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(res.body.message).toBe(
      `Too many messages from your network in a short time. Wait ${Math.ceil(wait / 60)} minutes, then send yours again.`,
    );
    await send(body(`good-${randomUUID()}`), '10.200.1.2').expect(202);
  });
});

describe('POST /api/v1/contact: limits per IP and per email address', () => {
  const IP_LIMIT = 6;
  const ADDRESS_LIMIT = 2;
  let t: TestApp;
  const send = (email: string, ip: string, subject = `Limits ${randomUUID()}`) =>
    request(t.app.getHttpServer())
      .post('/api/v1/contact')
      .set('X-Forwarded-For', ip)
      .send({ name: 'Office', email, subject, message: 'Hello', recaptchaToken: `good-${randomUUID()}` });
  const randomIp = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  beforeAll(async () => {
    t = await startTestApp(
      testConfig({
        CONTACT_RECAPTCHA: 'off',
        TRUST_PROXY: 'true',
        CONTACT_LIMIT_PER_HOUR: String(IP_LIMIT),
        CONTACT_ADDRESS_LIMIT_PER_HOUR: String(ADDRESS_LIMIT),
      }),
    );
  });
  afterAll(() => t.close());

  it(`lets an office behind one IP write from several addresses up to ${IP_LIMIT} messages an hour`, async () => {
    const office = randomIp();
    const people = Array.from({ length: IP_LIMIT / ADDRESS_LIMIT }, () => `${randomUUID()}@office.example`);
    for (const person of people) {
      for (let i = 0; i < ADDRESS_LIMIT; i++) await send(person, office).expect(202);
    }
    const refused = await send(`${randomUUID()}@office.example`, office).expect(429);
    expect(refused.body.code).toBe('rate-limited');
    expect(refused.body.message).toMatch(
      /^Too many messages from your network in a short time\. Wait \d+ minutes?, then send yours again\.$/,
    );
  });

  it(`holds one address to ${ADDRESS_LIMIT} messages an hour from any number of IPs, in any letter case`, async () => {
    const address = `${randomUUID()}@example.com`;
    await send(address, randomIp()).expect(202);
    await send(address.toUpperCase(), randomIp()).expect(202);
    const subject = `Over ${randomUUID()}`;
    const refused = await send(address, randomIp(), subject).expect(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(60);
    expect(refused.body).toMatchObject({
      code: 'rate-limited',
      message: `Too many messages from this email address in a short time. Wait ${Math.ceil(wait / 60)} minutes, then send yours again.`,
    });
    expect(await t.app.get(MikroORM).em.fork().find(ContactMessage, { subject })).toEqual([]);
    // Another address from the same IPs is not affected.
    await send(`${randomUUID()}@example.com`, randomIp()).expect(202);
  });
});
