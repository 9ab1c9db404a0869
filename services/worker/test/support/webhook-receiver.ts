import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its headers and raw body. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * What the receiver answers a request: a status (and headers), `hold` (never answer), or `endless`
 * (a 200 whose body never ends: 16 KiB every few milliseconds until the client hangs up).
 */
export type ReceiverAnswer =
  number | { status: number; headers: Record<string, string> } | 'hold' | 'endless';

/**
 * A loopback HTTP server standing in for a customer's webhook endpoint: records each request and
 * answers from a script (`answers`, one per request, then `otherwise`).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Bytes of `endless` bodies written before their client hung up. */
  readonly endlessBytes: number[] = [];
  answers: ReceiverAnswer[] = [];
  otherwise: ReceiverAnswer = 200;
  private readonly held: ServerResponse[] = [];

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    const started: { receiver?: WebhookReceiver } = {};
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () =>
        started.receiver!.answer(request.url ?? '/', request.headers, Buffer.concat(chunks), response),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    started.receiver = new WebhookReceiver(server, (server.address() as AddressInfo).port);
    return started.receiver;
  }

  /** `http://127.0.0.1:<port><path>`. */
  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The requests to one path. */
  to(path: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.path === path);
  }

  /** Answers every held request with a 200 (and holds no more). */
  release(): void {
    for (const response of this.held.splice(0)) if (!response.destroyed) response.end();
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(path: string, headers: IncomingHttpHeaders, body: Buffer, response: ServerResponse): void {
    this.received.push({ path, headers, body: body.toString('utf8') });
    const answer = this.answers.length ? this.answers.shift()! : this.otherwise;
    if (answer === 'hold') {
      this.held.push(response);
      return;
    }
    if (answer === 'endless') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(16 * 1024, 'x');
      let written = 0;
      const timer = setInterval(() => {
        if (response.destroyed || response.socket?.destroyed) return;
        response.write(chunk);
        written += chunk.length;
      }, 2);
      response.on('close', () => {
        clearInterval(timer);
        this.endlessBytes.push(written);
      });
      return;
    }
    const { status, headers: extra } = typeof answer === 'number' ? { status: answer, headers: {} } : answer;
    response.writeHead(status, { 'content-type': 'text/plain', ...extra });
    response.end(status < 300 ? 'ok' : 'no');
  }
}
