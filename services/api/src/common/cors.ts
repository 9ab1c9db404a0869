import { ErrorCode } from '@fxrates/domain';
import type { IncomingHttpHeaders } from 'node:http';
import { AppException } from './app-exception';

/**
 * Why an OPTIONS request is refused before CORS sees it, or undefined for a preflight: without
 * Origin and Access-Control-Request-Method it is none (@fastify/cors would answer a text/plain 400).
 */
export function preflightRefusal(headers: IncomingHttpHeaders): AppException | undefined {
  if (headers.origin === undefined || headers['access-control-request-method'] === undefined) {
    return new AppException(
      ErrorCode.InvalidPreflight,
      'An OPTIONS request here is a CORS preflight and needs Origin and Access-Control-Request-Method headers, as browsers send them.',
    );
  }
  return undefined;
}
