import type { HttpAdapterHost } from '@nestjs/core';
import type { AppConfig } from '@fxrates/config';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { ApiMetrics } from '../metrics';
import { DirectRoutes } from './direct-routes';

/** What DirectRoutes logged, message by level. */
const logged: { level: string; msg: string }[] = [];
const log = {
  isLevelEnabled: () => false,
  info: (_object: unknown, msg: string) => logged.push({ level: 'info', msg }),
  error: (_object: unknown, msg: string) => logged.push({ level: 'error', msg }),
};

/** Fastify as DirectRoutes meets it: a place to mount the same route, and a logger. */
const fastifyHost = {
  httpAdapter: { getInstance: () => ({ get: () => undefined, log }) },
} as unknown as HttpAdapterHost;

describe('DirectRoutes', () => {
  let server: Server;
  let sentAt: number | undefined;
  // Larger than what the kernel buffers between two loopback sockets, so the write stays pending.
  const body = Buffer.alloc(48 * 1024 * 1024, 'x');

  beforeAll(async () => {
    const config = { api: { trustProxy: false } } as AppConfig;
    const direct = new DirectRoutes(fastifyHost, new ApiMetrics(), config);
    direct.onModuleInit();
    direct.get('/big', () => ({ status: 200, headers: {}, body, sent: () => (sentAt = Date.now()) }));
    direct.get('/stream', () => ({
      status: 200,
      headers: { 'content-type': 'text/plain' },
      body: () => (stream = Readable.from(megabytes(), { objectMode: false })),
    }));
    server = createServer((req, res) => {
      if (!direct.serve(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** A streamed body of STREAM_MB megabytes, counting how many it has made. */
  const STREAM_MB = 64;
  let made = 0;
  let stream: Readable | undefined;
  function* megabytes() {
    for (made = 0; made < STREAM_MB;) {
      made++;
      yield 'y'.repeat(1024 * 1024);
    }
  }

  it('streams a body chunked, made only as fast as the client reads it, and destroyed when the client leaves', async () => {
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    socket.pause();
    socket.write('GET /stream HTTP/1.1\r\nHost: test\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The kernel holds a few MB between loopback sockets; the rest waits for the client.
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThan(STREAM_MB / 2);

    const head = await new Promise<string>((resolve) => {
      socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1')));
      socket.resume();
    });
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head.toLowerCase()).toContain('transfer-encoding: chunked');
    expect(head.toLowerCase()).not.toContain('content-length');

    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream?.destroyed).toBe(true);
    expect(made).toBeLessThan(STREAM_MB);
    expect(logged).toEqual([{ level: 'info', msg: 'Client left during a streamed answer' }]);
  });

  it('tells a pooled body it was sent only once the kernel has taken all of it', async () => {
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    socket.pause(); // a slow client: nothing read yet
    socket.write('GET /big HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentAt).toBeUndefined();

    let received = 0;
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.resume();
    await new Promise((resolve) => socket.on('end', resolve));
    expect(received).toBeGreaterThan(body.length);
    expect(sentAt).toBeDefined();
  }, 30_000); // 48 MB through loopback: well under a second alone, longer on a machine busy with other tests
});
