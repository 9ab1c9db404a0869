import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFxRatesClient } from './client';
import { FxRatesError } from './errors';

/** One scripted answer of the stand-in: status, headers and a problem+json body for errors. */
interface Scripted {
  status: number;
  headers?: Record<string, string>;
  code?: string;
}

const RATE = {
  from: 'USD',
  to: 'EUR',
  rate: 0.9,
  timestamp: '2026-11-27T08:00:00.000Z',
  date: '2026-11-27',
  source: ['ecb'],
  stale: false,
  marketClosed: false,
};

/**
 * A loopback stand-in of the API speaking its wire format (problem+json with `code`, X-Request-Id,
 * Retry-After), for the retry paths the live API cannot be made to take on demand (503, 500).
 * The real API's 429s are exercised in services/api/test/sdk-client.e2e-spec.ts.
 */
async function standIn(script: Scripted[]) {
  const seen: { at: number; method: string; url: string; apiKey: string | undefined }[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push({
      at: Date.now(),
      method: req.method ?? '',
      url: req.url ?? '',
      apiKey: req.headers['x-api-key'] as string,
    });
    const next = script[Math.min(seen.length - 1, script.length - 1)];
    const requestId = `req-${seen.length}`;
    if (next.status === 200) {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Request-Id': requestId, ...next.headers });
      res.end(JSON.stringify(RATE));
      return;
    }
    if (!next.code) {
      res.writeHead(next.status, { 'Content-Type': 'text/html' });
      res.end('<html><body>Bad Gateway</body></html>');
      return;
    }
    res.writeHead(next.status, {
      'Content-Type': 'application/problem+json',
      'X-Request-Id': requestId,
      ...next.headers,
    });
    res.end(
      JSON.stringify({
        type: `/problems/${next.code}`,
        title: 'Stand-in problem',
        status: next.status,
        code: next.code,
        message: `Scripted ${next.code}`,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    seen,
    baseUrl,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('createFxRatesClient retries (loopback stand-in)', () => {
  let server: Awaited<ReturnType<typeof standIn>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('waits out a 503 whose Retry-After is an HTTP-date, then answers', async () => {
    // HTTP-dates have whole seconds: two seconds ahead is at least one second's wait.
    const until = new Date(Date.now() + 2000).toUTCString();
    server = await standIn([
      { status: 503, code: 'service-unavailable', headers: { 'Retry-After': until } },
      { status: 200 },
    ]);
    const sdk = createFxRatesClient({ apiKey: 'fxrates_test', baseUrl: server.baseUrl });
    const answer = await sdk.rate({ from: 'USD', to: 'EUR' });
    expect(answer.data.rate).toBe(0.9);
    expect(answer.requestId).toBe('req-2');
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1].at - server.seen[0].at).toBeGreaterThanOrEqual(900);
    expect(server.seen.every((call) => call.apiKey === 'fxrates_test')).toBe(true);
  });

  it('retries a 500 with backoff up to maxRetries, then throws the last problem', async () => {
    server = await standIn([{ status: 500, code: 'internal-error' }]);
    const sdk = createFxRatesClient({
      apiKey: 'k',
      baseUrl: server.baseUrl,
      retries: { maxRetries: 3, baseDelayMs: 5 },
    });
    const error = (await sdk.latest().catch((e: unknown) => e)) as FxRatesError;
    expect(error).toBeInstanceOf(FxRatesError);
    expect(error).toMatchObject({ status: 500, code: 'internal-error', requestId: 'req-4' });
    expect(server.seen).toHaveLength(4);
  });

  it('turns a 502 without a problem body (from a proxy) into an error without code, and retries it', async () => {
    server = await standIn([{ status: 502 }, { status: 502 }, { status: 200 }]);
    const once = createFxRatesClient({ apiKey: 'k', baseUrl: server.baseUrl, retries: false });
    const error = (await once.rate({ from: 'USD', to: 'EUR' }).catch((e: unknown) => e)) as FxRatesError;
    expect(error).toBeInstanceOf(FxRatesError);
    expect(error).toMatchObject({ status: 502, code: undefined, problem: undefined, title: 'Bad Gateway' });
    const patient = createFxRatesClient({
      apiKey: 'k',
      baseUrl: server.baseUrl,
      retries: { baseDelayMs: 5 },
    });
    await expect(patient.rate({ from: 'USD', to: 'EUR' })).resolves.toMatchObject({ status: 200 });
    expect(server.seen).toHaveLength(3);
  });

  it('takes the base URL with or without /api/v1, as the docs page gives it', async () => {
    server = await standIn([{ status: 200 }]);
    for (const baseUrl of [server.baseUrl, `${server.baseUrl}/`, `${server.baseUrl}/api/v1/`])
      await createFxRatesClient({ apiKey: 'k', baseUrl }).rate({ from: 'USD', to: 'EUR' });
    expect(server.seen.map((call) => call.url)).toEqual(Array(3).fill('/api/v1/rates/rate?from=USD&to=EUR'));
  });

  it('never retries another 4xx', async () => {
    server = await standIn([{ status: 404, code: 'not-found' }, { status: 200 }]);
    const sdk = createFxRatesClient({ apiKey: 'k', baseUrl: server.baseUrl });
    await expect(sdk.rate({ from: 'USD', to: 'EUR' })).rejects.toMatchObject({
      status: 404,
      code: 'not-found',
    });
    expect(server.seen).toHaveLength(1);
  });

  it('stops waiting when the caller aborts, and surfaces the abort itself', async () => {
    server = await standIn([{ status: 429, code: 'rate-limited', headers: { 'Retry-After': '20' } }]);
    const sdk = createFxRatesClient({ apiKey: 'k', baseUrl: server.baseUrl });
    const controller = new AbortController();
    const call = sdk.rate({ from: 'USD', to: 'EUR' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    // The 20 s wait ended without its retry: one request, not two (a count, not a clock, which a busy machine moves).
    expect(server.seen).toHaveLength(1);
  });
});
