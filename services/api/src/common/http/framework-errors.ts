import { ErrorCode, REQUEST_ID_HEADER } from '@fxrates/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppException } from '../errors';
import { PATH_PARAM_MAX_LENGTH } from '../input';
import { problemAnswer } from './problem-reply';
import { securityHeadersFor } from '../security';

/** The problem for an error Fastify's router raises before any hook runs; others stay unexpected (500). */
function problemOf(error: FastifyError): unknown {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return new AppException(
        ErrorCode.InvalidUrl,
        'The URL has a malformed percent-encoding: each "%" must start an escape of UTF-8 such as %20; send a "%" itself as %25.',
      );
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppException(
        ErrorCode.UriTooLong,
        `A path parameter is longer than ${PATH_PARAM_MAX_LENGTH} characters; check the URL.`,
      );
    default:
      return error;
  }
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode or match gets a problem+json instead of
 * Fastify's own JSON. No hook has run, so the request id and security headers are set here; the
 * problem names no `instance`, as the target is what was wrong (and may be long).
 */
export function frameworkErrorHandler(
  trustProxy: boolean,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    const answer = problemAnswer(problemOf(error), { method: request.method, id: String(request.id) });
    void reply
      .headers(securityHeadersFor(request.raw, trustProxy))
      .header(REQUEST_ID_HEADER, request.id)
      .headers(answer.headers)
      .status(answer.status)
      .send(Buffer.from(answer.body));
  };
}
