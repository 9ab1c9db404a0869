import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * A Server-Sent Events reader over a plain HTTP request (not supertest, which waits for the end):
 * the events and comments as they arrive, for tests to wait on in order.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  /** A refusal's body (problem+json), when the status is not 200. */
  body = '';
  private read = 0;
  private waiters: (() => void)[] = [];
  readonly ended: Promise<void>;
  private markEnded!: () => void;
  endedAt?: number;

  private constructor(private readonly response: IncomingMessage) {
    this.ended = new Promise((resolve) => (this.markEnded = resolve));
    const parser = createParser({
      onEvent: (message: EventSourceMessage) => {
        this.events.push({ event: message.event ?? 'message', data: message.data, id: message.id });
        this.wake();
      },
      onComment: (comment) => {
        this.comments.push(comment.trim());
        this.wake();
      },
    });
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      if (response.statusCode === 200) parser.feed(chunk);
      else this.body += chunk;
    });
    const end = () => {
      this.endedAt ??= Date.now();
      this.markEnded();
      this.wake();
    };
    response.on('end', end);
    response.on('close', end);
    response.on('error', end);
  }

  get status(): number {
    return this.response.statusCode ?? 0;
  }

  get headers(): IncomingHttpHeaders {
    return this.response.headers;
  }

  get problem(): { code: string; status: number } {
    return JSON.parse(this.body) as { code: string; status: number };
  }

  static open(port: number, target: string, headers: Record<string, string>): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const sent = request({ host: '127.0.0.1', port, path: target, headers, agent: false }, (response) => {
        const client = new SseClient(response);
        // A refusal is read whole before it is handed over.
        if (response.statusCode === 200) resolve(client);
        else void client.ended.then(() => resolve(client));
      });
      sent.on('error', reject);
      sent.end();
    });
  }

  /** The next event not yet taken (in order), waiting up to `timeoutMs`. */
  async next(timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    while (this.read >= this.events.length) {
      if (this.endedAt !== undefined) throw new Error('the stream ended before another event');
      if (Date.now() > deadline) throw new Error(`no event within ${timeoutMs} ms`);
      await this.waitForMore(deadline - Date.now());
    }
    return this.events[this.read++];
  }

  /** Events not taken yet, without waiting. */
  get pending(): SseEvent[] {
    return this.events.slice(this.read);
  }

  /** Waits until `count` comments have arrived. */
  async comment(count: number, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.comments.length < count) {
      if (Date.now() > deadline) throw new Error(`fewer than ${count} comments within ${timeoutMs} ms`);
      if (this.endedAt !== undefined) throw new Error('the stream ended');
      await this.waitForMore(deadline - Date.now());
    }
  }

  close(): void {
    this.response.destroy();
  }

  private waitForMore(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, Math.max(ms, 1));
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}
