import { connect, type AddressInfo, type Socket } from 'node:net';
import { until } from '../../worker/test/support/waiting';
import { StreamHub } from '../src/modules/streams';
import { keysOnPlans } from './support/plan-keys';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** A raw connection: what the server wrote, byte for byte, as it arrives. */
class RawConnection {
  text = '';
  closed = false;
  private readonly socket: Socket;

  constructor(port: number) {
    this.socket = connect({ host: '127.0.0.1', port });
    this.socket.setEncoding('latin1');
    this.socket.on('data', (chunk: string) => (this.text += chunk));
    this.socket.on('close', () => (this.closed = true));
    this.socket.on('error', () => undefined);
  }

  send(text: string): void {
    this.socket.write(text);
  }

  async waitFor(pattern: RegExp): Promise<string> {
    await until(() => pattern.test(this.text), 5000);
    return this.text;
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/**
 * A stream's events are framed once and written straight to each socket (PushConnection),
 * past Node's ServerResponse: these prove the bytes on the wire stay HTTP whatever the client speaks.
 */
describe('rate stream on the wire', () => {
  const config = testConfig({ STREAM_LIMITS: 'professional=1,enterprise=2', STREAM_HEARTBEAT_MS: '300' });
  let t: TestApp;
  let port: number;
  let key: string;
  const connections: RawConnection[] = [];
  const open = () => {
    const connection = new RawConnection(port);
    connections.push(connection);
    return connection;
  };
  const hub = () => t.app.get(StreamHub);
  const request = (target: string, version = '1.1') =>
    `GET ${target} HTTP/${version}\r\nHost: 127.0.0.1\r\nX-API-Key: ${key}\r\n\r\n`;

  beforeAll(async () => {
    t = await startTestApp(config);
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    ({ professional: key } = await keysOnPlans(t.app, ['professional']));
  }, 60_000);
  afterEach(async () => {
    for (const connection of connections.splice(0)) connection.destroy();
    await until(() => hub().open === 0, 5000);
  });
  afterAll(() => t?.close());

  it('frames each event as an HTTP/1.1 chunk, heartbeats too', async () => {
    const connection = open();
    connection.send(request('/api/v1/stream?symbols=EUR'));
    const text = await connection.waitFor(/: heartbeat\n\n\r\n/);
    const [head, body] = splitHead(text);
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head.toLowerCase()).toContain('transfer-encoding: chunked');
    // Every chunk's size line tells its exact length: a client's parser reads the events whole.
    const chunks = readChunks(body);
    expect(chunks[0]).toMatch(/^retry: 2000\n\nid: [0-9a-f]{16}\nevent: snapshot\ndata: \{/);
    expect(chunks).toContain(': heartbeat\n\n');
  });

  it('sends an HTTP/1.0 client the events bare, its body ending with the connection', async () => {
    const connection = open();
    connection.send(request('/api/v1/stream?symbols=EUR', '1.0'));
    const text = await connection.waitFor(/: heartbeat\n\n/);
    const [head, body] = splitHead(text);
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head.toLowerCase()).not.toContain('transfer-encoding');
    expect(body).toMatch(/^retry: 2000\n\nid: [0-9a-f]{16}\nevent: snapshot\ndata: \{[^\n]*\}\n\n/);
  });

  it('answers a request pipelined behind another only once that one is out, each framed whole', async () => {
    const connection = open();
    connection.send(request('/api/v1/rates/latest?symbols=GBP') + request('/api/v1/stream?symbols=EUR'));
    const text = await connection.waitFor(/event: snapshot[^]*\r\n/);
    const [firstHead, rest] = splitHead(text);
    expect(firstHead).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const length = Number(/content-length: (\d+)/i.exec(firstHead)?.[1]);
    expect(JSON.parse(rest.slice(0, length))).toMatchObject({
      base: 'USD',
      rates: { GBP: expect.any(Number) },
    });
    const [streamHead, streamBody] = splitHead(rest.slice(length));
    expect(streamHead).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(streamHead).toContain('text/event-stream');
    expect(readChunks(streamBody)[0]).toMatch(/event: snapshot\ndata: \{"base":"USD"/);
  });

  it('answers HEAD with the head alone and gives the slot back at once', async () => {
    // A Professional user may hold one stream: two HEADs in a row each find the slot free again.
    for (let i = 0; i < 2; i++) {
      const connection = open();
      connection.send(
        `HEAD /api/v1/stream?symbols=EUR HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${key}\r\nConnection: close\r\n\r\n`,
      );
      await until(() => connection.closed, 5000);
      const [head, body] = splitHead(connection.text);
      expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(body).toBe('');
      await until(() => hub().open === 0, 5000);
    }
    const stream = open();
    stream.send(request('/api/v1/stream?symbols=EUR'));
    await stream.waitFor(/event: snapshot/);
  });
});

function splitHead(text: string): [string, string] {
  const end = text.indexOf('\r\n\r\n');
  return [text.slice(0, end + 2), text.slice(end + 4)];
}

/** The payloads of a chunked body's complete chunks. */
function readChunks(body: string): string[] {
  const chunks: string[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd === -1) return chunks;
    const size = parseInt(body.slice(at, lineEnd), 16);
    if (Number.isNaN(size) || size === 0) return chunks;
    if (body.length < lineEnd + 2 + size + 2) return chunks;
    expect(body.slice(lineEnd + 2 + size, lineEnd + 4 + size)).toBe('\r\n');
    chunks.push(body.slice(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 4 + size;
  }
}
