import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { REQUEST_ID_HEADER } from '@fxrates/domain';
import type { FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parse as parseQuery } from 'node:querystring';
import type { Logger } from 'pino';
import { ApiMetrics } from '../metrics';
import { pipeline, type Readable } from 'node:stream';
import { problemAnswer, sendProblem, type HttpAnswer, type StreamedBody } from './problem-reply';
import { PushedBody, startPushing } from './push-connection';
import { requestIdOf } from './request-id';
import { clientIp } from './client-address';
import type { Socket } from 'node:net';
import { dataSecurityHeadersFor } from '../security';

export interface DirectRequest {
  path: string;
  query: Record<string, unknown>;
  /** The path and query string as sent (`/api/v1/rates/rate?from=USD&to=EUR`). */
  target: string;
  /** Path parameters; only routes with parameters (served by Fastify) have any. */
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
  id: string;
  /** The client's connection (its socket): what a value may be remembered by from one call to the next. */
  connection: object;
  /** The client's address as Fastify's `request.ip` gives it (TRUST_PROXY decides which). */
  clientAddress(): string | undefined;
}

/**
 * An answer that comes later through callbacks rather than a promise: the metered hot path's, which
 * makes no promise a call. Chosen on Node 20, where MikroORM's AsyncLocalStorage turned on Node's
 * async hooks (any write, in an API serving every route) and every promise then cost more than its
 * own making; Node 26 has no such hooks, and promises here have not been measured since.
 */
export type LaterAnswer = (send: (answer: HttpAnswer) => void, fail: (error: unknown) => void) => void;

export type DirectAnswer = HttpAnswer | Promise<HttpAnswer> | LaterAnswer;

export type DirectHandler = (request: DirectRequest) => DirectAnswer;

/** Hands the handler's answer, whenever it comes, to `send` or `fail`. */
function whenAnswered(
  answer: DirectAnswer,
  send: (answer: HttpAnswer) => void,
  fail: (error: unknown) => void,
): void {
  if (answer instanceof Promise) answer.then(send, fail);
  else if (typeof answer !== 'function') send(answer);
  else {
    try {
      answer(send, fail);
    } catch (error) {
      fail(error);
    }
  }
}

/** How a stream piped to a response fails when the client goes away (the response closed, the socket reset). */
const CLIENT_LEFT = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'EPIPE', 'ECONNRESET']);

/** A request served before Fastify; its query is parsed only if asked for (a memoised answer never asks). */
class NodeRequest implements DirectRequest {
  readonly params = {};
  private parsed?: Record<string, unknown>;

  constructor(
    readonly target: string,
    readonly path: string,
    /** The query string as sent, without the `?`. */
    private readonly search: string,
    readonly headers: IncomingHttpHeaders,
    readonly id: string,
    readonly connection: Socket,
    private readonly trustProxy: boolean,
  ) {}

  get query(): Record<string, unknown> {
    return (this.parsed ??= parseQuery(this.search));
  }

  clientAddress(): string | undefined {
    return clientIp(this.headers, this.connection.remoteAddress, this.trustProxy);
  }
}

/**
 * Hot GET routes answered on the Node server before Fastify sees the request (app.factory installs
 * `serve` as the server's first handler). Fastify's router, reply object and hooks are most of what
 * separates a route from bare Node (`npm run bench`), so these routes set the request id, security
 * headers, access log and latency metric themselves. A browser's cross-origin call (Origin header)
 * needs CORS, and any other method (HEAD, OPTIONS) needs the rest of the API: those go on to Fastify,
 * where `get` mounts the same handler too.
 */
@Injectable()
export class DirectRoutes implements OnModuleInit {
  private readonly handlers = new Map<string, DirectHandler>();
  private endOfTurn: { send: (answer: HttpAnswer) => void; answer: HttpAnswer }[] = [];
  private log?: Logger;

  private readonly trustProxy: boolean;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: ApiMetrics,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.trustProxy = config.api.trustProxy;
  }

  onModuleInit(): void {
    // Fastify's logger is the API's pino logger (app.factory), typed more narrowly.
    this.log = this.adapterHost.httpAdapter.getInstance<FastifyInstance>().log as unknown as Logger;
  }

  /**
   * Serves GET `path` with `handler`, before Fastify when possible and on Fastify otherwise. A path
   * with parameters (`/rates/historical/:date`) is left to Fastify's router.
   */
  get(path: string, handler: DirectHandler): void {
    if (!path.includes(':')) this.handlers.set(path, handler);
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get(path, (request, reply) => {
      const started = performance.now();
      const send = (answer: HttpAnswer) => {
        if (answer.sent) reply.raw.once('finish', answer.sent);
        const { body } = answer;
        if (body instanceof PushedBody) {
          // Past Fastify from here on: its reply would wait for a payload that never ends, and its
          // hooks do not see a hijacked reply end, so the access log and metric are written here.
          // The headers its hooks set (CORS) go out with the answer's own.
          void reply.hijack();
          const headers = { ...(reply.getHeaders() as Record<string, string>), ...answer.headers };
          startPushing(reply.raw, answer.status, headers, body);
          this.logWhenClosed(reply.raw, String(request.id), path, answer.status, started);
          return;
        }
        // Fastify pipes a stream with backpressure, destroys it when the client goes away, and cuts
        // the connection on an error after the first byte (logging it). No payload at all for a 304,
        // so Fastify writes no Content-Length (RFC 9110 §8.6).
        void reply
          .status(answer.status)
          .headers(answer.headers)
          .send(answer.status === 304 ? undefined : typeof body === 'function' ? body() : body);
      };
      const fail = (error: unknown) => sendProblem(error, request, reply);
      try {
        const query = request.query as Record<string, unknown>;
        const params = request.params as Record<string, string>;
        const answer = handler({
          path,
          query,
          target: request.url,
          params,
          headers: request.headers,
          id: String(request.id),
          connection: request.raw.socket,
          clientAddress: () => request.ip,
        });
        whenAnswered(answer, send, fail);
      } catch (error) {
        fail(error);
      }
    });
  }

  /** Answers the request and returns true, or returns false and leaves it untouched for Fastify. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || request.headers.origin !== undefined) return false;
    const url = request.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    const handler = this.handlers.get(path);
    if (!handler) return false;

    const started = performance.now();
    const id = requestIdOf(request);
    const security = dataSecurityHeadersFor(request, this.trustProxy);
    const send = (answer: HttpAnswer) => this.write(response, answer, id, security, path, started);
    // An answer known within this turn of the event loop (most are) waits for the turn's end, to go
    // out with the turn's other answers (see `sendAtEndOfTurn`); a later one comes in a batch of its
    // own already (metering, a promise).
    let inThisTurn = true;
    const sendSoon = (known: HttpAnswer) => (inThisTurn ? this.sendAtEndOfTurn(send, known) : send(known));
    const problem = (error: unknown) => problemAnswer(error, { method: 'GET', url, id });
    try {
      const search = mark === -1 ? '' : url.slice(mark + 1);
      const answer = handler(
        new NodeRequest(url, path, search, request.headers, id, request.socket, this.trustProxy),
      );
      whenAnswered(answer, sendSoon, (error) => sendSoon(problem(error)));
    } catch (error) {
      sendSoon(problem(error));
    }
    inThisTurn = false;
    return true;
  }

  /**
   * Queues an answer to be written with the others of this turn once the turn's requests are all
   * read. Writing each answer as its request is parsed halved the landing converter's throughput
   * under load (14 000 against 28 000 req/s, 70 against 35 µs of CPU a request in `npm run bench`):
   * the socket writes cost more one by one between reads than back to back.
   */
  private sendAtEndOfTurn(send: (answer: HttpAnswer) => void, answer: HttpAnswer): void {
    if (this.endOfTurn.length === 0) setImmediate(this.sendQueued);
    this.endOfTurn.push({ send, answer });
  }

  private readonly sendQueued = () => {
    const queued = this.endOfTurn;
    this.endOfTurn = [];
    for (const { send, answer } of queued) send(answer);
  };

  private write(
    response: ServerResponse,
    answer: HttpAnswer,
    id: string,
    security: Readonly<Record<string, string>>,
    path: string,
    started: number,
  ) {
    // A constant set (see security-headers), merged into the answer's own headers: no lookups per name.
    Object.assign(answer.headers, security);
    answer.headers[REQUEST_ID_HEADER] = id;
    const { body } = answer;
    if (typeof body === 'function') return this.writeStream(response, answer, body, id, path, started);
    if (body instanceof PushedBody) {
      startPushing(response, answer.status, answer.headers, body);
      this.logWhenClosed(response, id, path, answer.status, started);
      return;
    }
    // A known length spares the chunked encoding's extra framing and write. A 304 has no body, and
    // a length there would have to be the 200's (RFC 9110 §8.6).
    if (answer.status !== 304) answer.headers['content-length'] = String(Buffer.byteLength(body));
    response.writeHead(answer.status, answer.headers);
    response.end(body, answer.sent);
    this.logged(id, path, answer.status, started);
  }

  /**
   * A streamed body: chunked (no length is known), piped with backpressure. pipeline destroys the
   * source when the client goes away, and the response when the source fails: after the first byte
   * a problem cannot be sent, and a cut connection (no final chunk) tells the client the body is
   * incomplete, where ending it normally would pass a truncated export off as whole.
   */
  private writeStream(
    response: ServerResponse,
    answer: HttpAnswer,
    body: StreamedBody,
    id: string,
    path: string,
    started: number,
  ): void {
    response.writeHead(answer.status, answer.headers);
    let source: Readable;
    try {
      source = body();
    } catch (error) {
      this.log?.error({ err: error, reqId: id, url: path }, 'Could not start a streamed answer');
      response.destroy();
      return;
    }
    pipeline(source, response, (error) => {
      if (error) {
        // The client leaving mid-body is theirs to decide; anything else is a failure of ours.
        if (CLIENT_LEFT.has((error as NodeJS.ErrnoException).code ?? '')) {
          this.log?.info({ reqId: id, url: path }, 'Client left during a streamed answer');
        } else {
          this.log?.error(
            { err: error, reqId: id, url: path },
            'A streamed answer failed after its first byte',
          );
        }
      }
      this.logged(id, path, answer.status, started);
    });
  }

  /**
   * The access log and metric of a pushed answer, once it is over: from a closure of its own that
   * holds the status alone, not the answer, whose body would otherwise live as long as the stream.
   */
  private logWhenClosed(response: ServerResponse, id: string, path: string, status: number, started: number) {
    response.once('close', () => this.logged(id, path, status, started));
  }

  private logged(id: string, path: string, status: number, started: number): void {
    const ms = performance.now() - started;
    this.metrics.httpDuration.observe('GET', path, status, ms / 1000);
    if (this.log?.isLevelEnabled('info')) {
      this.log.info({ reqId: id, method: 'GET', url: path, status, ms: Math.round(ms * 10) / 10 }, 'request');
    }
  }
}
