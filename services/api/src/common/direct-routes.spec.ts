import type { HttpAdapterHost } from '@nestjs/core';
import type { AppConfig } from '@fxrates/config';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { ApiMetrics } from './api-metrics';
import { DirectRoutes } from './direct-routes';

/** Fastify as DirectRoutes meets it: a place to mount the same route, and a logger. */
const fastifyHost = {
  httpAdapter: { getInstance: () => ({ get: () => undefined, log: { isLevelEnabled: () => false } }) },
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
    server = createServer((req, res) => {
      if (!direct.serve(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

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
