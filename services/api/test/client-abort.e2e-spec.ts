import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/**
 * A client that hangs up in the middle of its request body (a closed tab, a dropped mobile link) is
 * the client's doing: it is logged as such, never as an outage of ours ("PostgreSQL unreachable").
 */
describe('a client that hangs up mid-body', () => {
  let t: TestApp;
  let port: number;
  const logLines: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await startTestApp(testConfig({ LOG_LEVEL: 'info' }), { logDestination: sink });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Sends the head and part of the body of a POST to `path`, then closes the socket once the server has read it. */
  async function hangUpMidBody(path: string): Promise<void> {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const body = '{"email":"ada@example.com","password":"';
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length + 1000}\r\n\r\n${body}`,
    );
    // The server has the head once the request is logged as received or reaches a handler; the body
    // is awaited: wait until Node has written our bytes, then hang up.
    await new Promise<void>((resolve) => socket.write('', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => socket.once('close', resolve));
  }

  async function linesAbout(path: string): Promise<string[]> {
    for (let tries = 0; tries < 100; tries++) {
      const lines = logLines.filter((line) => line.includes(path));
      if (lines.length) return lines;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return [];
  }

  it.each(['/api/auth/login', '/api/v1/contact'])(
    'on %s is logged as a client abort, not as PostgreSQL unreachable',
    async (path) => {
      logLines.length = 0;
      await hangUpMidBody(path);
      const about = await linesAbout(path);
      expect(logLines.join('')).not.toMatch(/PostgreSQL unreachable|Unhandled error/);
      expect(about.map((line) => JSON.parse(line).msg)).toContain(
        `Client closed the connection mid-request: POST ${path}`,
      );
    },
  );
});
