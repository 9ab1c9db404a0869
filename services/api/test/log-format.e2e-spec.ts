import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import request from 'supertest';
import { startTestApp } from './test-app';
import { testConfig } from './test-config';

/** Starts the API as configured, serves one request and returns what it logged. */
async function logOfOneRequest(overrides: Record<string, string>): Promise<string[]> {
  let written = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  const t = await startTestApp(testConfig({ LOG_LEVEL: 'info', ...overrides }), { logDestination: sink });
  try {
    await request(t.app.getHttpServer()).get('/api/health').expect(200);
  } finally {
    await t.close();
  }
  return written.split('\n').filter((line) => line !== '');
}

describe('the API log', () => {
  it('in development: readable lines (pino-pretty), the access log included, no JSON', async () => {
    const lines = await logOfOneRequest({
      NODE_ENV: 'development',
      // Given, so that this test does not create the development secrets file in the checkout.
      JWT_SECRET: randomBytes(32).toString('base64url'),
      API_KEY_HASH_SECRET: randomBytes(32).toString('base64url'),
    });
    const json = lines.filter((line) => line.startsWith('{'));
    expect(json).toEqual([]);
    const requestLine = lines.findIndex((line) =>
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO \(api\): request$/.test(line),
    );
    expect(requestLine).toBeGreaterThanOrEqual(0);
    expect(lines.slice(requestLine + 1, requestLine + 8)).toEqual(
      expect.arrayContaining(['    method: "GET"', '    url: "/api/health"', '    status: 200']),
    );
  });

  it('elsewhere (test, production): one JSON object a line', async () => {
    const lines = await logOfOneRequest({});
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'api', msg: 'request', url: '/api/health', status: 200 }),
      ]),
    );
  });
});
