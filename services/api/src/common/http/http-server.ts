import { randomUUID } from 'node:crypto';
import {
  createServer,
  maxHeaderSize,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { ErrorCode, REQUEST_ID_HEADER } from '@fxrates/domain';
import type { Logger } from 'pino';
import { AppException } from '../errors';
import { problemAnswer, type BufferedAnswer } from './problem-reply';
import { SECURITY_HEADERS, TLS_SECURITY_HEADERS } from '../security';

/** How long a client may take to send a request; a stalled one is cut with 408. */
export interface HttpTimeouts {
  /** From the first byte of a request (or the connection's opening) to the end of its headers. */
  headersMs: number;
  /** From the first byte of a request to the end of its body. */
  requestMs: number;
  /** How often Node checks both: a stalled request is cut at most this much after its deadline. */
  checkIntervalMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 30_000, checkIntervalMs: 1_000 };

/**
 * What Fastify sets on a server it creates itself: idle keep-alive connections outlive a load
 * balancer's usual 60 s, so it never reuses one the API has just closed. Node's header and request
 * timers run only while a request is arriving (or on a new connection that has sent nothing yet), so
 * a connection idle between requests is not cut at 10 s.
 */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** The problem's answer with the headers of every answer, closing the connection. */
function closingAnswer(
  exception: AppException,
  request: { method?: string; socket: unknown },
): BufferedAnswer {
  const id = randomUUID();
  const answer = problemAnswer(exception, { method: request.method ?? '', id });
  const tls = (request.socket as TLSSocket).encrypted === true;
  answer.headers = {
    ...answer.headers,
    ...(tls ? TLS_SECURITY_HEADERS : SECURITY_HEADERS),
    [REQUEST_ID_HEADER]: id,
    'content-length': String(Buffer.byteLength(answer.body)),
    connection: 'close',
  };
  return answer;
}

/** Writes the problem on a socket no HTTP response is using, then closes it (as Node's own answers do). */
function answerOnSocket(socket: Duplex, exception: AppException): void {
  const { status, headers, body } = closingAnswer(exception, { socket });
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${String(body)}`);
  socket.destroy();
}

/** Answers through Node's response object; the connection closes after it. */
function answerWithResponse(
  request: IncomingMessage,
  response: ServerResponse,
  exception: AppException,
): void {
  const { status, headers, body } = closingAnswer(exception, request);
  response.writeHead(status, headers);
  response.end(body);
}

/** The problem for an error Node's HTTP parser or its timers raise on a connection. */
function clientProblem(error: NodeJS.ErrnoException, timeouts: HttpTimeouts): AppException {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new AppException(
        ErrorCode.RequestTimeout,
        `The request did not arrive in time: headers are due within ${timeouts.headersMs / 1000} s and ` +
          `the whole request within ${timeouts.requestMs / 1000} s. Send it again in one go.`,
      );
    case 'HPE_HEADER_OVERFLOW':
      return new AppException(
        ErrorCode.HeadersTooLarge,
        `The request line and headers exceed ${maxHeaderSize / 1024} KB: send a shorter URL and fewer or shorter headers (cookies count).`,
      );
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new AppException(
        ErrorCode.PayloadTooLarge,
        'The chunk extensions of the body are too large: send the body without them.',
      );
    default:
      return new AppException(
        ErrorCode.MalformedRequest,
        'The request is not valid HTTP/1.1: check the request line, the headers, and the body framing ' +
          '(Content-Length or Transfer-Encoding, never both).',
      );
  }
}

/**
 * Answers what Node's HTTP parser refuses (malformed, over-large or stalled requests) with a
 * problem, where Node and Fastify would write a bare 400/408/431. As Node itself does: only on a
 * writable socket whose current response has not started, and the connection closes after it.
 */
export function clientErrorHandler(
  timeouts: HttpTimeouts,
  log: Logger,
): (error: NodeJS.ErrnoException, socket: Socket) => void {
  return (error, socket) => {
    const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
      socket.destroy();
      return;
    }
    log.debug({ err: error }, 'client error');
    answerOnSocket(socket, clientProblem(error, timeouts));
  };
}

/** Node answers an `Expect` other than 100-continue with a bare 417; this says what to do. */
function answerUnmetExpectation(request: IncomingMessage, response: ServerResponse): void {
  const problem = new AppException(
    ErrorCode.ExpectationFailed,
    'The API meets only "Expect: 100-continue"; send the request without this Expect header.',
  );
  answerWithResponse(request, response, problem);
}

/** Node closes a CONNECT silently when nothing listens for it; this says why. */
function answerConnect(_request: IncomingMessage, socket: Duplex): void {
  answerOnSocket(
    socket,
    new AppException(ErrorCode.NotFound, 'CONNECT is not supported: this is an HTTP API, not a proxy.'),
  );
}

/**
 * The Node server the API listens on, with request timeouts (Node's defaults give a stalled body 300 s)
 * and a problem+json answer to everything Node would otherwise answer bare: `clientError` (installed
 * by Fastify's `clientErrorHandler` option), an unmet `Expect`, CONNECT, and an HTTP/1.1 request
 * without `Host`, which Node's `requireHostHeader` would refuse with an empty 400.
 */
export function createHttpServer(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
  timeouts: HttpTimeouts,
): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      requireHostHeader: false,
    },
    (request, response) => {
      if (request.headers.host === undefined && request.httpVersion === '1.1') {
        const problem = new AppException(
          ErrorCode.MalformedRequest,
          'An HTTP/1.1 request needs a Host header; send one.',
        );
        answerWithResponse(request, response, problem);
        return;
      }
      handle(request, response);
    },
  );
  server.on('checkExpectation', answerUnmetExpectation);
  server.on('connect', answerConnect);
  return server;
}
