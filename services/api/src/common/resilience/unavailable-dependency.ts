import { Logger } from '@nestjs/common';
import { ErrorCode } from '@fxrates/domain';
import { AppException, isClientAbort } from '../errors';

/** Seconds a client is asked to wait: a PostgreSQL restart or failover, or Redis reconnecting (at most 2 s apart), fits in it. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a server that is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
/**
 * PostgreSQL's own: admin_shutdown, crash_shutdown, cannot_connect_now (starting up or in recovery),
 * and class 08, connection exceptions.
 */
const SERVER_STATES = /^(57P01|57P02|57P03|08...)$/;
/** What node-postgres says of a connection lost or never had (its pool's timeout included); no code. */
const LOST_CONNECTION =
  /Connection terminated|terminating connection|Client has encountered a connection error|connection (is )?closed|timeout exceeded when trying to connect/i;

/**
 * Whether an error means PostgreSQL could not be reached (rather than a query it refused): the
 * request may succeed as it is once the server is back. MikroORM wraps the driver's error and copies
 * its `code`.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  // The client's connection, not ours: its ECONNRESET says nothing of PostgreSQL.
  if (isClientAbort(error)) return false;
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_STATES.test(code))) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    current =
      (current as { cause?: unknown; previous?: unknown }).cause ??
      (current as { previous?: unknown }).previous;
  }
  return false;
}

export function serviceUnavailable(): AppException {
  return new AppException(
    ErrorCode.ServiceUnavailable,
    `The service is briefly unavailable. Retry in ${UNAVAILABLE_RETRY_AFTER_SECONDS} seconds.`,
    undefined,
    { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  );
}

const logger = new Logger('DatabaseUnreachable');
const LOG_EVERY_MS = 10_000;
let lastLogged = 0;
let unlogged = 0;

/**
 * One warning line per 10 s while PostgreSQL is unreachable, with how many requests it failed
 * meanwhile: an outage under load would otherwise write a stack per request.
 */
export function noteDatabaseUnreachable(error: unknown): void {
  const now = Date.now();
  if (now - lastLogged < LOG_EVERY_MS) {
    unlogged++;
    return;
  }
  const message = (error as Error | undefined)?.message?.split('\n')[0] ?? String(error);
  logger.warn(
    `PostgreSQL unreachable, answering 503 service-unavailable: ${message}` +
      (unlogged ? ` (${unlogged} more since the last warning)` : ''),
  );
  lastLogged = now;
  unlogged = 0;
}
