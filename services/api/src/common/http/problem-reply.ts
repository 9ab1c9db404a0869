import { HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { ErrorCode, type Problem } from '@fxrates/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { AppException, STATUS_BY_CODE, TITLE_BY_CODE, isClientAbort } from '../errors';
import { BODY_LIMIT_BYTES } from '../input';
import type { PushedBody } from './push-connection';
import {
  isStoreOutage,
  storeUnavailable,
  isDatabaseUnreachable,
  noteDatabaseUnreachable,
  serviceUnavailable,
} from '../resilience';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  [HttpStatus.NOT_FOUND]: ErrorCode.NotFound,
  [HttpStatus.PAYLOAD_TOO_LARGE]: ErrorCode.PayloadTooLarge,
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: ErrorCode.UnsupportedMediaType,
  [HttpStatus.TOO_MANY_REQUESTS]: ErrorCode.RateLimited,
};

const logger = new Logger('ProblemReply');

export function problemOf(
  code: ErrorCode | string,
  status: number,
  message: string,
  detail?: string,
): Problem {
  const title = TITLE_BY_CODE[code as ErrorCode] ?? message;
  return { type: `/problems/${code}`, title, status, detail: detail ?? message, code, message };
}

/** What a problem needs to know of the request it answers. */
export interface ProblemRequest {
  method: string;
  /** The target, named in the problem's `instance`; left out where echoing it is unwise (a 414). */
  url?: string;
  id: string;
  /** The largest body its route reads, when it is not BODY_LIMIT_BYTES (a batch's). */
  bodyLimit?: number;
}

/** Messages of the statuses Fastify answers itself (Nest hands them over with Fastify's own text). */
const MESSAGE_BY_STATUS: Partial<Record<number, (request: ProblemRequest) => string>> = {
  [HttpStatus.NOT_FOUND]: (request) => `No route for ${request.method} ${request.url?.split('?')[0] ?? ''}`,
  [HttpStatus.PAYLOAD_TOO_LARGE]: (request) =>
    `The request body is too large (at most ${(request.bodyLimit ?? BODY_LIMIT_BYTES) / 1024} KB).`,
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: () =>
    'The API reads JSON bodies only: send the body as JSON with Content-Type: application/json.',
};

/**
 * A body produced while it is sent (an export): made only once the answer is being written, and
 * piped to the connection with backpressure, chunked. Destroyed when the client goes away; an error
 * after the first byte cuts the connection (too late for a problem: the client sees a truncated body).
 */
export type StreamedBody = () => Readable;

/** A complete HTTP answer, for routes served without a Fastify reply (see DirectRoutes). */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  /**
   * Text, or bytes already encoded (sent as they are), or a stream made when sending starts, or a
   * body the server pushes as things happen (an event stream).
   */
  body: string | Buffer | StreamedBody | PushedBody;
  /** Called once the body is handed to the kernel (not if the connection dies first): a pooled body goes back. */
  sent?: () => void;
}

/** An answer whose body is all there (a problem, a JSON answer): what can be sent with a length. */
export interface BufferedAnswer extends HttpAnswer {
  body: string | Buffer;
}

/**
 * The 4xx status a framework or plugin error carries (Fastify's and its plugins' errors have a
 * `statusCode`), or undefined: anything else is unexpected, a 500.
 */
function clientErrorStatusOf(exception: unknown): number | undefined {
  const status = (exception as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

function toProblem(exception: unknown, request: ProblemRequest): Problem {
  if (exception instanceof AppException) {
    return {
      ...problemOf(exception.code, exception.status, exception.message, exception.detail),
      ...exception.extensions,
    };
  }
  if (exception instanceof ThrottlerException) {
    const message = 'Too many requests. Wait a moment, then try again.';
    return problemOf(ErrorCode.RateLimited, STATUS_BY_CODE[ErrorCode.RateLimited], message);
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status < 500) {
      const code = CODE_BY_STATUS[status] ?? ErrorCode.ValidationFailed;
      return problemOf(code, status, MESSAGE_BY_STATUS[status]?.(request) ?? exception.message);
    }
  }
  const foreign = clientErrorStatusOf(exception);
  if (foreign !== undefined) {
    // A plugin's "forbidden" is a path outside what it serves (@fastify/static refusing `..`): to the
    // client, simply a path that is not served.
    const status = foreign === HttpStatus.FORBIDDEN ? HttpStatus.NOT_FOUND : foreign;
    const code = CODE_BY_STATUS[status] ?? ErrorCode.ValidationFailed;
    return problemOf(code, status, MESSAGE_BY_STATUS[status]?.(request) ?? 'The request is not valid.');
  }
  const errorId = request.id;
  logger.error({ err: exception, errorId }, 'Unhandled error');
  const problem = problemOf(
    ErrorCode.InternalError,
    500,
    `Something went wrong on our side. Try again; if it keeps failing, contact support with error id ${errorId}.`,
  );
  return { ...problem, errorId };
}

/** Named throttlers set `Retry-After-<name>`; clients look for plain `Retry-After`. */
function copyNamedRetryAfter(reply: FastifyReply): void {
  if (reply.hasHeader('retry-after')) return;
  const headers = reply.getHeaders();
  const named = Object.keys(headers).find((name) => name.toLowerCase().startsWith('retry-after-'));
  if (named) void reply.header('Retry-After', String(headers[named]));
}

/**
 * Answers with the RFC 9457 problem+json body for any error, with a stable `code`. Unexpected errors
 * become a 500 whose `errorId` (the request id) is in the log with the stack; the body never has it.
 */
export function sendProblem(
  exception: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  extensions: Record<string, unknown> = {},
): void {
  const answer = problemAnswer(
    exception,
    {
      method: request.method,
      url: request.url,
      id: String(request.id),
      bodyLimit: request.routeOptions?.bodyLimit,
    },
    extensions,
  );
  void reply.headers(answer.headers);
  if (exception instanceof ThrottlerException) copyNamedRetryAfter(reply);
  // As bytes, so Fastify sends the media type as given, without the `charset` it adds to text: the
  // same header as a problem answered before Fastify (DirectRoutes).
  void reply.status(answer.status).send(Buffer.from(answer.body));
}

/**
 * An unreachable PostgreSQL is an outage the client can wait out, not a bug: a 503 with Retry-After,
 * and one warning now and then instead of a stack per request. A client that hung up mid-body is
 * neither: one line at info, and a 400 nobody will read (the access log shows it).
 */
function asExpected(exception: unknown, request: ProblemRequest): unknown {
  if (exception instanceof AppException || exception instanceof HttpException) return exception;
  if (isClientAbort(exception)) {
    const path = request.url?.split('?')[0] ?? '(not shown)';
    logger.log(`Client closed the connection mid-request: ${request.method} ${path}`);
    return new AppException(ErrorCode.ValidationFailed, 'The request ended before its body was complete.');
  }
  // Redis or PostgreSQL unreachable is an expected outage, told as such wherever the request met it.
  if (isStoreOutage(exception)) return storeUnavailable(exception);
  if (!isDatabaseUnreachable(exception)) return exception;
  noteDatabaseUnreachable(exception);
  return serviceUnavailable();
}

/**
 * The problem+json answer to an error, as status, headers and body (sendProblem sends it);
 * `extensions` are extra members of the body, e.g. `success: false`.
 */
export function problemAnswer(
  thrown: unknown,
  request: ProblemRequest,
  extensions: Record<string, unknown> = {},
): BufferedAnswer {
  const exception = asExpected(thrown, request);
  const problem = { ...toProblem(exception, request), ...extensions };
  if (request.url !== undefined) problem.instance = request.url.split('?')[0];
  const headers: Record<string, string> = exception instanceof AppException ? { ...exception.headers } : {};
  headers['content-type'] = PROBLEM_CONTENT_TYPE;
  return { status: problem.status, headers, body: JSON.stringify(problem) };
}
