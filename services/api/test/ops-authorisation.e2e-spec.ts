import { OPERATOR_FAILURES_PER_ADDRESS } from '@fxrates/config';
import { bullPrefix, QUEUES } from '@fxrates/queues';
import { Queue } from 'bullmq';
import type { AddressInfo } from 'node:net';
import { rawGet, rawRequest } from './support/raw-http';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const USER = 'operator';
const PASSWORD = 'correct-horse-battery';
const GOOD = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
const BAD = `Basic ${Buffer.from(`${USER}:not-the-password`).toString('base64')}`;

/**
 * Every way of writing an operator URL that a router or a proxy might take for the real one. Each
 * must either be refused for want of credentials or not be a route at all; none may serve the page.
 */
const SPELLINGS = [
  '/api/metrics',
  '/api/%6detrics',
  '/api/%6Detrics',
  '/%61pi/metrics',
  '/api/metrics/',
  '/api/metrics?format=text',
  '//api/metrics',
  '/api//metrics',
  '/API/METRICS',
  '/api/./metrics',
  '/api/v1/../metrics',
  '/api/metrics;x=1',
  'http://x/api/metrics',
  'http://127.0.0.1/api/%6detrics',
  '/admin/queues',
  '/admin/queues/',
  '/admin/%71ueues',
  '/admin/%71ueues/api/queues',
  '/admin/queues/api/%71ueues',
  '/admin/queues%2Fapi%2Fqueues',
  '//admin/queues/api/queues',
  '/Admin/Queues/api/queues',
  '/admin/queues/api/queues/',
  'http://x/admin/queues/api/queues',
  'http://x/admin/%71ueues/api/queues?x=1',
];

/** What an operator page gives away: metric names, queue names, Bull Board's page. */
const LEAKS = /fxrates_|"queues"|bull-?board|<html/i;

describe('operator pages are authorised on the matched route', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp(
      testConfig({ OPS_USER: USER, OPS_PASSWORD: PASSWORD, TRUST_PROXY: 'true', LOG_LEVEL: 'silent' }),
    );
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Each test its own client address, so failed attempts of one never throttle another. */
  let client = 0;
  const nextAddress = () => `198.51.100.${++client}`;

  it.each(SPELLINGS)('GET %s without credentials serves nothing', async (target) => {
    const answer = await rawGet(port, target, { 'X-Forwarded-For': nextAddress() });
    expect([401, 404, 400]).toContain(answer.status);
    expect(answer.body).not.toMatch(LEAKS);
    if (answer.status === 401) expect(answer.headers['www-authenticate']).toMatch(/^Basic realm=/);
  });

  it.each(SPELLINGS)('HEAD %s without credentials is refused too', async (target) => {
    const answer = await rawRequest(
      port,
      `HEAD ${target} HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${nextAddress()}\r\nConnection: close\r\n\r\n`,
    );
    expect([401, 404, 400]).toContain(answer.status);
  });

  it('serves each page to the operator under its own spelling', async () => {
    const address = nextAddress();
    for (const target of ['/api/metrics', '/admin/queues', '/admin/queues/api/queues']) {
      const answer = await rawGet(port, target, { Authorization: GOOD, 'X-Forwarded-For': address });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatch(LEAKS);
    }
  });

  it('keeps Bull Board read-only: a write is 405 problem+json and changes nothing', async () => {
    const address = nextAddress();
    for (const [method, target] of [
      ['PUT', `/admin/queues/api/queues/${QUEUES.email}/pause`],
      ['PUT', '/admin/queues/api/queues/pause'],
      ['POST', `/admin/queues/api/queues/${QUEUES.email}/add`],
      ['PUT', `/admin/queues/api/queues/${QUEUES.email}/obliterate`],
      ['PUT', `/admin/%71ueues/api/queues/${QUEUES.email}/pause`],
    ]) {
      const answer = await rawRequest(
        port,
        `${method} ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: ${GOOD}\r\nX-Forwarded-For: ${address}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
      );
      expect(answer.status).toBe(405);
      expect(answer.headers['content-type']).toBe('application/problem+json');
      expect(JSON.parse(answer.body)).toMatchObject({ status: 405, code: 'method-not-allowed' });
    }
    const queue = new Queue(QUEUES.email, {
      connection: { url: t.config.redis.url },
      prefix: bullPrefix(t.config.redis.keyPrefix),
    });
    try {
      expect(await queue.isPaused()).toBe(false);
    } finally {
      await queue.close();
    }
  });

  it(`refuses an address after ${OPERATOR_FAILURES_PER_ADDRESS} failed sign-ins, even with the right password, and only that address`, async () => {
    const attacker = nextAddress();
    for (let attempt = 0; attempt < OPERATOR_FAILURES_PER_ADDRESS; attempt++) {
      const answer = await rawGet(port, '/api/metrics', { Authorization: BAD, 'X-Forwarded-For': attacker });
      expect(answer.status).toBe(401);
    }
    const refused = await rawGet(port, '/api/%6detrics', {
      Authorization: GOOD,
      'X-Forwarded-For': attacker,
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'too-many-attempts' });
    expect(refused.body).not.toMatch(LEAKS);

    const operator = await rawGet(port, '/api/metrics', {
      Authorization: GOOD,
      'X-Forwarded-For': nextAddress(),
    });
    expect(operator.status).toBe(200);
  });

  it('counts an IPv6 client by its /64, so stepping through its addresses does not help', async () => {
    for (let attempt = 1; attempt <= OPERATOR_FAILURES_PER_ADDRESS; attempt++) {
      const answer = await rawGet(port, '/admin/queues', {
        Authorization: BAD,
        'X-Forwarded-For': `2001:db8:77:1::${attempt.toString(16)}`,
      });
      expect(answer.status).toBe(401);
    }
    const sameNetwork = await rawGet(port, '/admin/queues', {
      Authorization: BAD,
      'X-Forwarded-For': '2001:db8:77:1:ffff::1',
    });
    expect(sameNetwork.status).toBe(429);
    const otherNetwork = await rawGet(port, '/admin/queues', {
      Authorization: GOOD,
      'X-Forwarded-For': '2001:db8:77:2::1',
    });
    expect(otherNetwork.status).toBe(200);
  });
});

describe('Bull Board with OPS_QUEUES_WRITABLE=true', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp(
      testConfig({ OPS_USER: USER, OPS_PASSWORD: PASSWORD, OPS_QUEUES_WRITABLE: 'true' }),
    );
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('lets the operator pause a queue, and still nobody else', async () => {
    const target = `/admin/queues/api/queues/${QUEUES.email}/pause`;
    const send = (authorization: string) =>
      rawRequest(
        port,
        `PUT ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
      );
    expect((await send(BAD)).status).toBe(401);
    expect((await send(GOOD)).status).toBe(200);
    const queue = new Queue(QUEUES.email, {
      connection: { url: t.config.redis.url },
      prefix: bullPrefix(t.config.redis.keyPrefix),
    });
    try {
      expect(await queue.isPaused()).toBe(true);
    } finally {
      await queue.close();
    }
  });
});
