import { Logger } from '@nestjs/common';
import { ErrorCode } from '@fxrates/domain';
import { AppException } from './app-exception';

/** What a client is told to wait: longer than ioredis's largest reconnect delay (2 s). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
/** An outage is logged once per this long, not once per refused request. */
const WARN_EVERY_MS = 10_000;

/**
 * Messages of the errors ioredis rejects a command with when Redis cannot answer it: not connected
 * (the offline queue is off, see redis-connection), the connection lost with the command in flight,
 * no answer within the command timeout; and the replies of a Redis that is up but cannot serve yet
 * (loading its data, a replica not yet promoted).
 */
const OUTAGE_MESSAGES = [
  "Stream isn't writeable",
  'Connection is closed',
  'Command timed out',
  'Reached the max retries per request limit',
  'Command aborted due to connection close',
  'LOADING ',
  'MASTERDOWN ',
  'READONLY ',
];

const logger = new Logger('StoreOutage');
let lastWarning = 0;

/** True for an error that means Redis is unreachable for now, rather than a bug. */
export function isStoreOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { message } = error;
  return OUTAGE_MESSAGES.some((known) => message.startsWith(known));
}

/**
 * The 503 `service-unavailable` a request refused by an outage gets, with Retry-After. Expected while
 * Redis restarts (or, for a month counter to rebuild, while PostgreSQL does), so it is logged as one
 * warning line every few seconds, without a stack.
 */
export function serviceUnavailable(cause: unknown): AppException {
  const now = Date.now();
  if (now - lastWarning >= WARN_EVERY_MS) {
    lastWarning = now;
    logger.warn(`Answering 503 service-unavailable: ${(cause as Error).message}`);
  }
  return new AppException(
    ErrorCode.ServiceUnavailable,
    `The service is briefly unavailable. Retry in ${OUTAGE_RETRY_AFTER_SECONDS} seconds.`,
    undefined,
    { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) },
  );
}
