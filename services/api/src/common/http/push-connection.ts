import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

const CRLF = Buffer.from('\r\n');

/**
 * Bytes pushed alike to many connections (one rate event for every stream of a topic), framed once
 * both ways a connection may need: as an HTTP/1.1 chunk, and bare (an HTTP/1.0 client's body ends
 * with the connection).
 */
export class PushFrame {
  readonly chunk: Buffer;

  constructor(readonly bare: Buffer) {
    this.chunk = Buffer.concat([Buffer.from(`${bare.length.toString(16)}\r\n`), bare, CRLF]);
  }

  static of(text: string): PushFrame {
    return new PushFrame(Buffer.from(text));
  }
}

/**
 * An open response whose body the server pushes as things happen (Server-Sent Events), written
 * straight to its socket. Node's `ServerResponse.write` frames a chunk into three buffers, corks the
 * socket and uncorks it on the next tick: per connection and per event, with 10 000 streams that was
 * most of a fan-out's time (docs/performance.md). Here each frame is made once for all connections
 * and one `socket.write` sends it. The response itself stays open under Node's server (its parser
 * and keep-alive state) and ends it the normal way: `end` writes the last chunk through it.
 */
export class PushConnection {
  private readonly chunked: boolean;
  private ended = false;

  /** `response`'s head has been written and flushed, and it is the socket's current response. */
  constructor(
    private readonly response: ServerResponse,
    private readonly socket: Socket,
  ) {
    this.chunked = response.chunkedEncoding;
  }

  /** Whether pushed bytes still reach the client. */
  get open(): boolean {
    return !this.ended && !this.socket.destroyed && this.socket.writable;
  }

  /** Bytes written and not yet taken by the kernel (a client that does not read lets them grow). */
  get buffered(): number {
    return this.socket.writableLength;
  }

  push(frame: PushFrame): void {
    if (this.open) this.socket.write(this.chunked ? frame.chunk : frame.bare);
  }

  /** The body's last bytes, then its end (the terminal chunk); the connection may serve on. */
  end(last?: PushFrame): void {
    if (!this.open) return;
    if (last) this.push(last);
    this.ended = true;
    this.response.end();
  }

  /** Cuts the connection: the client sees the body end without its terminal chunk. */
  destroy(): void {
    this.ended = true;
    this.socket.destroy();
  }

  /** Calls `listener` once the response is over (ended, cut, or the client gone), or now if it is. */
  onClose(listener: () => void): void {
    if (this.response.closed || this.socket.destroyed) listener();
    else this.response.once('close', listener);
  }
}

/**
 * A body pushed by the server as things happen, rather than produced and piped: `open` is handed the
 * connection once the head has been sent, and pushes to it until it ends it or the client leaves.
 */
export class PushedBody {
  constructor(readonly open: (connection: PushConnection) => void) {}
}

/**
 * Writes `response`'s head now and hands `body` its connection: at once, or (a request pipelined
 * behind another on the same connection) once the answers before it are out, since bytes written to
 * the socket before then would land inside theirs.
 */
export function startPushing(
  response: ServerResponse,
  status: number,
  headers: Record<string, string | number | string[]>,
  body: PushedBody,
): void {
  const begin = (socket: Socket) => {
    response.writeHead(status, headers);
    response.flushHeaders();
    const connection = new PushConnection(response, socket);
    // HEAD: the head was the whole answer. `open` still runs, on a connection already ended, so
    // whatever it took for the body (a stream's slot) is given back as it sees the close.
    if (response.req.method === 'HEAD') connection.end();
    body.open(connection);
  };
  if (response.socket) begin(response.socket);
  else response.once('socket', begin);
}
