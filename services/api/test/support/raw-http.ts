import { connect } from 'node:net';

/** One HTTP/1.1 answer read off a raw socket, and whether the server closed the connection after it. */
export interface RawAnswer {
  status: number;
  /** Header names in lower case; a repeated header's values joined by ", ". */
  headers: Record<string, string>;
  body: string;
  closed: boolean;
  json<T = Record<string, unknown>>(): T;
}

/** A step of what the client sends: bytes, or a pause before the next bytes. */
export type RawStep = string | Buffer | { pauseMs: number };

function parseHead(head: string): { status: number; headers: Record<string, string> } {
  const [statusLine, ...lines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return { status, headers };
}

/**
 * Sends `steps` over a new TCP connection, as a client that may be malformed, slow or stalled would,
 * and reads `count` answers. Resolves once they are complete and, if the last says `Connection: close`,
 * once the server has closed the connection; rejects if the server closes before that.
 */
export function rawAnswers(port: number, count: number, ...steps: RawStep[]): Promise<RawAnswer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const answers: Omit<RawAnswer, 'closed' | 'json'>[] = [];
    let closed = false;
    const timers: NodeJS.Timeout[] = [];
    // An answer to HEAD has a Content-Length but no body.
    const bodiless = typeof steps[0] === 'string' && steps[0].startsWith('HEAD ');

    const finish = () => {
      const last = answers.at(-1);
      if (answers.length < count || !last) return;
      if (last.headers.connection?.toLowerCase() === 'close' && !closed) return;
      timers.forEach(clearTimeout);
      resolve(answers.map((answer) => ({ ...answer, closed, json: () => JSON.parse(answer.body) })));
      if (!closed) socket.destroy();
    };
    const parse = () => {
      for (;;) {
        const end = received.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = parseHead(received.subarray(0, end).toString('latin1'));
        const length = bodiless ? 0 : Number(head.headers['content-length'] ?? 0);
        const body = received.subarray(end + 4);
        if (body.length < length) return;
        answers.push({ ...head, body: body.subarray(0, length).toString('utf8') });
        received = body.subarray(length);
      }
    };

    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      parse();
      finish();
    });
    socket.on('close', () => {
      closed = true;
      timers.forEach(clearTimeout);
      if (answers.length >= count) finish();
      else
        reject(
          new Error(
            `Connection closed after ${answers.length} of ${count} answers: ${JSON.stringify(received.toString())}`,
          ),
        );
    });
    socket.on('error', () => undefined); // 'close' follows, and says what happened

    let delay = 0;
    for (const step of steps) {
      if (typeof step === 'object' && 'pauseMs' in step) delay += step.pauseMs;
      else if (delay === 0) socket.write(step);
      else timers.push(setTimeout(() => !socket.destroyed && socket.write(step), delay));
    }
  });
}

/** Sends `steps` over a new TCP connection and reads the one answer (see rawAnswers). */
export async function rawRequest(port: number, ...steps: RawStep[]): Promise<RawAnswer> {
  const [answer] = await rawAnswers(port, 1, ...steps);
  return answer;
}

/** A GET of `target` exactly as given (absolute-form, odd encodings), the connection closed after. */
export function rawGet(
  port: number,
  target: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const lines = Object.entries({ Host: `127.0.0.1:${port}`, Connection: 'close', ...headers }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  return rawRequest(port, `GET ${target} HTTP/1.1\r\n${lines.join('')}\r\n`);
}
